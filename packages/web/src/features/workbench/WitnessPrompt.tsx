import { declaredSigla, WITNESS_VIEWS, type WitnessView } from "@scriptorium/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { SelectField } from "../../components/fields";
import { encodePath, isolatePath } from "../../lib/paths";
import { fetchResource, resourceKey } from "../../api/resource-api";
import { PromptDialog, type PromptProps, type SpecOf } from "../../prompts";
import { runCompile } from "./compile";
import { witnessRequest, type WitnessChoice } from "./witness-request";
import { useWorkbenchStore } from "./workbench-store";
import "./workbench.css";

const VIEWS = Object.keys(WITNESS_VIEWS) as WitnessView[];

/** `base` stands for the base text in a group of `-c`. */
const BASE = "base";

/** Sigla ticked in one group of `-c`, kept in the document's order. */
function GroupField(props: {
  legend: string;
  sigla: readonly string[];
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const { sigla, chosen, onChange } = props;
  const toggle = (siglum: string, on: boolean) =>
    onChange(sigla.filter((s) => (s === siglum ? on : chosen.includes(s))));
  return (
    <fieldset className="witness__group" data-testid={props.testId}>
      <legend className="field__label">{props.legend}</legend>
      {sigla.map((siglum) => (
        <label key={siglum} className="checkbox">
          <input
            type="checkbox"
            value={siglum}
            checked={chosen.includes(siglum)}
            onChange={(event) => toggle(siglum, event.target.checked)}
          />
          <span>{siglum === BASE ? t("workbench.witness.base") : siglum}</span>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The witness views of m2hv for a `.tex` file: the text of a witness, its singular readings,
 * omissions, discordances against the base text, or between two groups, with the sigla the
 * document declares. Showing one runs m2hv into `<stem>_m2hv` and opens the source in the
 * editor with the page in the output pane.
 */
export function WitnessPrompt({ spec, close }: PromptProps<SpecOf<"witnessView">>) {
  const { t } = useTranslation();
  const { source } = spec;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const file = useQuery({
    queryKey: resourceKey(source.path),
    queryFn: ({ signal }) => fetchResource(source.path, signal),
  });
  const sigla = useMemo(() => declaredSigla(file.data?.content ?? ""), [file.data?.content]);
  const [view, setView] = useState<WitnessView>("text");
  const [siglum, setSiglum] = useState("");
  const [group1, setGroup1] = useState<string[]>([]);
  const [group2, setGroup2] = useState<string[]>([]);
  const chosenSiglum = sigla.includes(siglum) ? siglum : (sigla[0] ?? "");

  const choice: WitnessChoice | null =
    view === "groups"
      ? group1.length > 0 && group2.length > 0
        ? { view, group1, group2 }
        : null
      : chosenSiglum
        ? { view, siglum: chosenSiglum }
        : null;

  const submit = () => {
    if (!choice) return;
    close();
    useWorkbenchStore.getState().setPaneHidden(false);
    const editorUrl = `/files${encodePath(source.path)}`;
    if (pathname !== editorUrl) void navigate(editorUrl);
    void runCompile(witnessRequest(source.path, choice), queryClient);
  };

  return (
    <PromptDialog
      title={t("workbench.witness.title")}
      testId="prompt-witness"
      onSubmit={submit}
      confirm={{ label: t("workbench.witness.show"), disabled: !choice, testId: "witness-submit" }}
    >
      <p className="witness__file">{isolatePath(source.path)}</p>
      <SelectField
        label={t("workbench.witness.view")}
        block
        name="view"
        value={view}
        onChange={(next) => setView(next as WitnessView)}
        options={VIEWS.map((v) => ({ value: v, label: t(`workbench.witness.views.${v}`) }))}
        testId="witness-view"
      />
      {file.isPending ? (
        <p className="muted">{t("workbench.witness.loading")}</p>
      ) : sigla.length === 0 ? (
        <p className="muted" data-testid="witness-no-sigla">
          {t("workbench.witness.noSigla")}
        </p>
      ) : view === "groups" ? (
        <div className="witness__groups">
          {(
            [
              [1, group1, setGroup1],
              [2, group2, setGroup2],
            ] as const
          ).map(([n, chosen, choose]) => (
            <GroupField
              key={n}
              legend={t(`workbench.witness.group${n}`)}
              sigla={[...sigla, BASE]}
              chosen={chosen}
              onChange={choose}
              testId={`witness-group${n}`}
            />
          ))}
        </div>
      ) : (
        <SelectField
          label={t("workbench.witness.siglum")}
          block
          name="siglum"
          value={chosenSiglum}
          onChange={setSiglum}
          options={sigla.map((s) => ({ value: s, label: s }))}
          testId="witness-siglum"
        />
      )}
    </PromptDialog>
  );
}
