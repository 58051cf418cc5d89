import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { USERS_KEY, fetchUsers } from "../../api/users-api";
import { SelectField } from "../../components/fields";

interface TrashOwnerPickerProps {
  /** The caller's own id: not offered twice ("My trash" stands for it). */
  me: number;
  /** The user whose trash is shown; undefined: the caller's own. */
  owner: number | undefined;
  onChange: (owner: number | undefined) => void;
}

/** The name of user `id` in the users list, or `#id` while it is not known. */
export function useUsername(id: number | undefined): string {
  const users = useQuery({
    queryKey: USERS_KEY,
    queryFn: ({ signal }) => fetchUsers(signal),
    enabled: id !== undefined,
  });
  return users.data?.find((user) => user.id === id)?.username ?? `#${id}`;
}

/** Admins only: whose trash the page shows, "My trash" first, then the others by name. */
export function TrashOwnerPicker({ me, owner, onChange }: TrashOwnerPickerProps) {
  const { t } = useTranslation();
  const users = useQuery({
    queryKey: USERS_KEY,
    queryFn: ({ signal }) => fetchUsers(signal),
  });
  const others = (users.data ?? [])
    .filter((user) => user.id !== me)
    .sort((a, b) => a.username.localeCompare(b.username));
  const known = owner === undefined || others.some((user) => user.id === owner);
  return (
    <div className="trash-page__owner">
      <SelectField
        label={t("trash.owner")}
        value={owner === undefined ? "" : String(owner)}
        onChange={(value) => onChange(value === "" ? undefined : Number(value))}
        options={[
          { value: "", label: t("trash.mine") },
          ...others.map((user) => ({ value: String(user.id), label: user.username })),
          ...(known ? [] : [{ value: String(owner), label: `#${owner}` }]),
        ]}
        testId="trash-owner"
      />
    </div>
  );
}
