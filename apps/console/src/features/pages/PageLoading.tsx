import { Spin } from "antd";

/** While a page's chunk loads. */
export function PageLoading() {
  return (
    <div className="page-loading" style={{ display: "flex", justifyContent: "center", padding: 64 }}>
      <Spin size="large" />
    </div>
  );
}
