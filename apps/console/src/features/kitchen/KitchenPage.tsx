import type { Station } from "@tablemate/core";
import { Button, Card, Col, Empty, Result, Row, Spin } from "antd";
import { useEffect, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { listStations } from "../../api/kitchen.js";
import { KITCHEN_COPY } from "../../copy/index.js";
import { unlockAudio } from "../../sound.js";
import { PrinterAlert } from "../print/PrinterAlert.js";
import { useWorkplace } from "../session/session-store.js";
import { StationDisplay } from "./StationDisplay.js";
import "./kitchen.css";

/** /console/kitchen: pick a station, then /console/kitchen/<station id> is its display. */
export default function KitchenPage() {
  const { restaurantId } = useWorkplace();
  const stationId = Number(useParams()["*"]) || null;
  const navigate = useNavigate();
  const [stations, setStations] = useState<Station[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setStations(null);
    listStations(restaurantId).then(
      (list) => live && setStations(list),
      (error: Error) => live && setFailed(error.message),
    );
    return () => {
      live = false;
    };
  }, [restaurantId]);

  if (failed) return <Result status="error" title={KITCHEN_COPY.failed} subTitle={failed} />;
  if (!stations) return <Spin />;
  const station = stations.find((s) => s.id === stationId);
  if (station) {
    return (
      <>
        <PrinterAlert restaurantId={restaurantId} />
        <StationDisplay
          key={station.id}
          restaurantId={restaurantId}
          station={station}
          onLeave={() => navigate("/kitchen")}
        />
      </>
    );
  }
  return (
    <div data-testid="station-picker">
      <h2 className="kitchen-pick-title">{KITCHEN_COPY.pickStation}</h2>
      {stations.length === 0 ? (
        <Empty description={KITCHEN_COPY.noStations}>
          <Link to="/stations">{KITCHEN_COPY.manageStations}</Link>
        </Empty>
      ) : (
        <Row gutter={[16, 16]}>
          {stations.map((s) => (
            <Col key={s.id} xs={12} md={8}>
              <Card
                hoverable
                className="kitchen-pick"
                onClick={() => {
                  unlockAudio(); // the tap that picks the station lets its display chime
                  navigate(`/kitchen/${s.id}`);
                }}
              >
                <Button type="link" className="kitchen-pick-name" data-testid="pick-station">
                  {s.name}
                </Button>
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </div>
  );
}
