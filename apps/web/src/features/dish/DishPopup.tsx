import Popup from "antd-mobile/es/components/popup";
import type { ReactNode } from "react";
import { FocusTrap } from "../dialog/FocusTrap.js";

export interface DishPopupProps {
  visible: boolean;
  onClose(): void;
  afterClose(): void;
}

/** The sheet every dish modal opens in: closes on its button or the mask, unmounts after the animation. */
export function DishPopup({
  visible,
  onClose,
  afterClose,
  bodyClassName,
  children,
}: DishPopupProps & { bodyClassName: string; children: ReactNode }) {
  return (
    <Popup
      visible={visible}
      onClose={onClose}
      onMaskClick={onClose}
      afterClose={afterClose}
      showCloseButton
      bodyClassName={bodyClassName}
    >
      <FocusTrap active={visible} onClose={onClose}>
        {children}
      </FocusTrap>
    </Popup>
  );
}
