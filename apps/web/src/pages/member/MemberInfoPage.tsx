import type { MemberCard, MemberInfo } from "@tablemate/core";
import Button from "antd-mobile/es/components/button";
import { useCallback, useState } from "react";
import { fetchMemberInfo, updateMemberInfo } from "../../api/member.js";
import { showToast } from "../../features/loading/toast.js";
import { MEMBER_COPY, SEX_LABELS } from "../../features/member/member-copy.js";
import { memberRefusalText } from "../../features/member/member-refusal.js";
import { useMemberStore } from "../../features/member/member-store.js";
import { useLoaded } from "../../features/pay/use-loaded.js";
import { useAppStore } from "../../store/app-store.js";
import { CardPage, LoadFailed } from "./member-page-parts.js";

const EMPTY = { memberName: "", sex: 0, birthDay: "", isLunar: false };
type InfoForm = Pick<MemberInfo, "memberName" | "sex" | "birthDay" | "isLunar">;

/** /member/info (001 §3, §7): name, sex, birthday and whether it is lunar; none given yet (100201) is an empty form. */
export function MemberInfoPage() {
  return (
    <CardPage title={MEMBER_COPY.infoTitle} testId="member-info-page">
      {(card) => <InfoLoader key={card.memberId} card={card} />}
    </CardPage>
  );
}

function InfoLoader({ card }: { card: MemberCard }) {
  const { rid, paths } = useMemberStore();
  const load = useCallback(
    () =>
      rid !== null && paths !== null
        ? fetchMemberInfo(paths, rid, card.memberId)
        : Promise.reject(new Error("member state not ready")),
    [rid, paths, card.memberId],
  );
  const { state, reload } = useLoaded(load);
  if (state.kind === "failed") return <LoadFailed message={state.message} retry={reload} />;
  if (state.kind === "loading") return null;
  return <InfoEditor memberId={card.memberId} initial={state.value ?? EMPTY} />;
}

function InfoEditor({ memberId, initial }: { memberId: number; initial: InfoForm }) {
  const { rid, paths } = useMemberStore();
  const guid = useAppStore((app) => app.guid);
  const [form, setForm] = useState<InfoForm>({
    memberName: initial.memberName,
    sex: initial.sex,
    birthDay: initial.birthDay,
    isLunar: initial.isLunar,
  });
  const [saving, setSaving] = useState(false);
  const change = (part: Partial<InfoForm>) => setForm((current) => ({ ...current, ...part }));

  const save = async () => {
    if (rid === null || paths === null) return;
    setSaving(true);
    try {
      await updateMemberInfo(paths, rid, { ...form, memberName: form.memberName.trim(), memberId, guid });
      showToast(MEMBER_COPY.saved);
    } catch (error) {
      const text = memberRefusalText(error, MEMBER_COPY.saveFailed);
      if (text) showToast(text);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="order-card member-info" data-testid="member-info">
      <label className="member-field">
        <span className="member-field__label">{MEMBER_COPY.name}</span>
        <input
          className="member-field__input"
          maxLength={20}
          placeholder={MEMBER_COPY.namePlaceholder}
          value={form.memberName}
          onChange={(event) => change({ memberName: event.target.value })}
        />
      </label>
      <div className="member-field" role="radiogroup" aria-labelledby="member-sex">
        <span className="member-field__label" id="member-sex">
          {MEMBER_COPY.sex}
        </span>
        <span className="member-choices">
          {SEX_LABELS.map((label, sex) => (
            <label
              key={label}
              className={form.sex === sex ? "member-choice member-choice--on" : "member-choice"}
            >
              <input
                type="radio"
                name="sex"
                className="member-choice__input"
                checked={form.sex === sex}
                onChange={() => change({ sex })}
              />
              {label}
            </label>
          ))}
        </span>
      </div>
      <label className="member-field">
        <span className="member-field__label">{MEMBER_COPY.birthday}</span>
        <input
          className="member-field__input"
          type="date"
          aria-label={MEMBER_COPY.birthday}
          value={form.birthDay}
          onChange={(event) => change({ birthDay: event.target.value })}
        />
      </label>
      <label className="member-field member-field--check">
        <input
          type="checkbox"
          checked={form.isLunar}
          onChange={(event) => change({ isLunar: event.target.checked })}
        />
        <span>{MEMBER_COPY.lunar}</span>
      </label>
      <Button block color="primary" shape="rounded" loading={saving} onClick={() => void save()}>
        {MEMBER_COPY.save}
      </Button>
    </section>
  );
}
