import { type PrintJobPage, renderHtml } from "@tablemate/core";
import { App, Button, Result, Spin } from "antd";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { markJobPrinted, printJobPage } from "../../api/print.js";
import { PRINT_COPY, PRINTERS_COPY } from "../../copy/index.js";
import { useWorkplace } from "../session/session-store.js";

/**
 * /console/print/job/<id>: a browser printer's job (issue 27), its page rendered by core as the
 * printers print it, printed through the browser's dialog; then staff say whether it came out, and
 * 已打印 tells the queue (a dialog may be cancelled or the printer jam: the browser cannot know).
 */
export function BrowserJob({ jobId }: { jobId: number }) {
  const { restaurantId } = useWorkplace();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const [job, setJob] = useState<PrintJobPage | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    printJobPage(restaurantId, jobId).then(setJob, (e: Error) => setFailed(e.message));
  }, [restaurantId, jobId]);

  const print = () => {
    window.print();
    modal.confirm({
      title: PRINTERS_COPY.printedQuestion,
      content: PRINTERS_COPY.printedHint,
      okText: PRINTERS_COPY.printedYes,
      cancelText: PRINTERS_COPY.printedNo,
      onOk: async () => {
        try {
          await markJobPrinted(restaurantId, jobId);
          message.success(PRINTERS_COPY.markedPrinted);
          navigate("/print");
        } catch (e) {
          message.error((e as Error).message);
        }
      },
    });
  };

  if (failed) return <Result status="error" title={PRINT_COPY.loadFailed} subTitle={failed} />;
  return (
    <div data-testid="print-page">
      <div className="print-controls">
        <Button type="primary" size="large" onClick={print} disabled={!job} data-testid="print-now">
          {PRINT_COPY.print}
        </Button>
        <Button size="large" onClick={() => navigate("/print")}>
          {PRINTERS_COPY.cancel}
        </Button>
      </div>
      {job && <style>{`@page { size: ${job.paper}mm auto; margin: 0; }`}</style>}
      <div className="print-stage">
        {job ? (
          <div
            className="print-sheet"
            data-testid="print-sheet"
            // core's renderHtml escapes every text it prints
            // biome-ignore lint/security/noDangerouslySetInnerHtml: core's page HTML, its text escaped
            dangerouslySetInnerHTML={{ __html: renderHtml(job.page, job.paper) }}
          />
        ) : (
          <Spin />
        )}
      </div>
    </div>
  );
}
