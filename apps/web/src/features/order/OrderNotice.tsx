import Button from "antd-mobile/es/components/button";

export interface NoticeAction {
  label: string;
  run: () => void;
  primary?: boolean;
}

/** An order page's message where its content would be (failed, not found, empty), with the ways on. */
export function OrderNotice({
  message,
  hint,
  actions,
}: {
  message: string;
  hint?: string;
  actions: readonly NoticeAction[];
}) {
  return (
    <div className="order-empty" data-testid="order-notice">
      <p className="order-empty__message">{message}</p>
      {hint && <p className="order-empty__hint">{hint}</p>}
      <div className="order-empty__actions">
        {actions.map(({ label, run, primary }) => (
          <Button
            key={label}
            color="primary"
            fill={primary ? "solid" : "outline"}
            shape="rounded"
            onClick={run}
          >
            {label}
          </Button>
        ))}
      </div>
    </div>
  );
}
