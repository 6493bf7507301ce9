import {
  appendTag,
  checkNote,
  DEFAULT_NOTE_TAGS,
  NOTE_MAX,
  offersLinePacking,
  PACK_LINE_TAG,
  tasteMemos,
} from "@tablemate/core";
import Popup from "antd-mobile/es/components/popup";
import { useMemo, useState } from "react";
import { SHARED_CART_COPY } from "../../copy.js";
import { useAppStore } from "../../store/app-store.js";
import { showToast } from "../loading/toast.js";

export interface CommentDialogProps {
  visible: boolean;
  initial: string;
  onSave(note: string): void;
  onClose(): void;
}

/**
 * The restaurant's taste memos as tag chips, or the spec's default tags when it has none; 打包 last
 * where the register takes a packed dish (docs/decisions.md: inside-out).
 */
function useNoteTags(): readonly string[] {
  const memos = useAppStore((state) => state.memos);
  const packs = useAppStore((state) => state.restaurant !== null && offersLinePacking(state.restaurant));
  return useMemo(() => {
    const own = tasteMemos(memos).map((m) => m.content);
    const tags: readonly string[] = own.length ? own : DEFAULT_NOTE_TAGS;
    return packs && !tags.includes(PACK_LINE_TAG) ? [...tags, PACK_LINE_TAG] : tags;
  }, [memos, packs]);
}

/**
 * The comment dialog (spec 001 §2, §5): a textarea, a clear button, tag chips, cancel and save.
 * A tag already present says 已有相应备注; more than 32 characters say 备注不能超过32个字符.
 */
export function CommentDialog({ visible, initial, onSave, onClose }: CommentDialogProps) {
  const [note, setNote] = useState(initial);
  const tags = useNoteTags();
  const addTag = (tag: string) => {
    const result = appendTag(note, tag);
    if (result.ok) setNote(result.note);
    else showToast(result.message);
  };
  const save = () => {
    const result = checkNote(note);
    if (!result.ok) return showToast(result.message);
    onSave(result.note);
  };
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      className="comment-popup"
      bodyClassName="comment-dialog"
      destroyOnClose
    >
      <div className="comment-dialog__head">
        <button type="button" className="comment-dialog__cancel" onClick={onClose}>
          {SHARED_CART_COPY.noteCancel}
        </button>
        <span className="comment-dialog__title">{SHARED_CART_COPY.noteTitle}</span>
        <button type="button" className="comment-dialog__save" onClick={save} data-testid="comment-save">
          {SHARED_CART_COPY.noteSave}
        </button>
      </div>
      <div className="comment-dialog__field">
        <textarea
          className="comment-dialog__text"
          value={note}
          placeholder={SHARED_CART_COPY.notePlaceholder}
          onChange={(event) => setNote(event.target.value)}
          data-testid="comment-text"
          rows={3}
        />
        <span className="comment-dialog__count">
          {Array.from(note).length}/{NOTE_MAX}
        </span>
        <button type="button" className="comment-dialog__clear" onClick={() => setNote("")}>
          {SHARED_CART_COPY.noteClear}
        </button>
      </div>
      <div className="comment-dialog__tags">
        {tags.map((tag) => (
          <button key={tag} type="button" className="comment-dialog__tag" onClick={() => addTag(tag)}>
            {tag}
          </button>
        ))}
      </div>
    </Popup>
  );
}
