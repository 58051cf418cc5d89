import "./data-table.css";

interface DataTableHeadProps {
  /** The column headings, in order; `false` leaves a column out (e.g. one only admins see). */
  labels: readonly (string | false)[];
  /** A last column of row actions, its heading read by screen readers only. */
  actionsLabel?: string;
}

/**
 * The heading row of a `data-table` (a table whose rows become cards of labelled lines on narrow
 * screens: each cell names its column in `data-label`).
 */
export function DataTableHead({ labels, actionsLabel }: DataTableHeadProps) {
  return (
    <thead>
      <tr>
        {labels.map(
          (label) =>
            label !== false && (
              <th key={label} scope="col">
                {label}
              </th>
            ),
        )}
        {actionsLabel !== undefined && (
          <th scope="col">
            <span className="visually-hidden">{actionsLabel}</span>
          </th>
        )}
      </tr>
    </thead>
  );
}
