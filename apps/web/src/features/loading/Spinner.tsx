/**
 * A CSS spinner: antd-mobile's SpinLoading animates with react-spring, which would put that library
 * on the first screen for a loading indicator alone.
 */
export function Spinner({ size = 36 }: { size?: number }) {
  return <span className="spinner" style={{ width: size, height: size }} aria-hidden="true" />;
}
