import { LoadingOverlay } from "../../features/loading/LoadingOverlay.js";
import { MenuBody } from "../../features/menu/MenuBody.js";
import { MenuHeader } from "../../features/menu/MenuHeader.js";
import { useAppStore } from "../../store/app-store.js";
import { useMainStartup } from "./use-main-startup.js";
import { usePosOfflineAlert } from "./use-pos-offline-alert.js";
import "./main.css";

/** /main: the menu. The recommendation block, cart bar and modals of later issues slot in here. */
export function MainPage() {
  useMainStartup();
  usePosOfflineAlert();
  const loading = useAppStore((state) => state.entryLoading || state.loading);
  return (
    <div className="main-page">
      <MenuHeader />
      <MenuBody />
      <LoadingOverlay visible={loading} />
    </div>
  );
}
