import { Button, Result } from "antd";
import { useEffect } from "react";
import { Link } from "react-router";
import { COMMON_COPY } from "../../copy/index.js";

/** A console path no page has. */
export default function NotFoundPage() {
  useEffect(() => {
    document.title = `${COMMON_COPY.notFound.title} · ${COMMON_COPY.appShortName}`;
  }, []);
  return (
    <div data-testid="not-found" style={{ paddingTop: 48 }}>
      <Result
        status="404"
        title={COMMON_COPY.notFound.title}
        subTitle={COMMON_COPY.notFound.subtitle}
        extra={
          <Link to="/">
            <Button type="primary">{COMMON_COPY.notFound.back}</Button>
          </Link>
        }
      />
    </div>
  );
}
