import { Card, Col, Empty, Row, Typography } from "antd";
import { createElement } from "react";
import { Link } from "react-router";
import { COMMON_COPY, pageTitle } from "../../copy/index.js";
import { pagesFor } from "../../pages.js";
import { useSession, useWorkplace } from "../session/session-store.js";
import "./home.css";

/** /console/: a greeting and a tile per page the role may open (the side menu's pages, large). */
export default function HomePage() {
  const { role, name } = useWorkplace();
  const staffName = useSession((s) => s.session?.account.name ?? "");
  const pages = pagesFor(role);
  return (
    <div data-testid="home-page">
      <Typography.Title level={3}>{COMMON_COPY.home.welcome(staffName)}</Typography.Title>
      <Typography.Paragraph type="secondary">
        {name} · {COMMON_COPY.roles[role]}
      </Typography.Paragraph>
      {pages.length === 0 ? (
        <Empty description={COMMON_COPY.home.noPages} />
      ) : (
        <Row gutter={[16, 16]}>
          {pages.map((page) => (
            <Col key={page.path} xs={12} md={8} xl={6}>
              <Link to={`/${page.path}`}>
                <Card hoverable className="home-tile">
                  <span className="home-tile-icon">{createElement(page.icon)}</span>
                  <span className="home-tile-title">{pageTitle(page.titleKey)}</span>
                </Card>
              </Link>
            </Col>
          ))}
        </Row>
      )}
    </div>
  );
}
