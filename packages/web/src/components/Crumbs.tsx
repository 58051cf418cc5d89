import type { ComponentType, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Crumb } from "../lib/paths";
import { Icon } from "./Icon";
import "./crumbs.css";

export interface CrumbLinkProps {
  to: string;
  className: string;
  "aria-current"?: "page";
  children: ReactNode;
}

interface CrumbsProps {
  /** The page's own class, beside `crumbs` (its spacing). */
  className: string;
  testId: string;
  /** The first link (home, or the shared folder), of class `crumbs__item`. */
  root: ReactNode;
  crumbs: readonly Crumb[];
  /** How a level links to its folder; a router link by default. */
  link?: ComponentType<CrumbLinkProps>;
}

/**
 * A folder path as a trail of links: the root, then each level (the last one is the current
 * page; "..." stands for levels left out, and links nowhere).
 */
export function Crumbs({ className, testId, root, crumbs, link: LevelLink = Link }: CrumbsProps) {
  const { t } = useTranslation();
  return (
    <nav className={`crumbs ${className}`} aria-label={t("files.breadcrumbs")} data-testid={testId}>
      {root}
      {crumbs.map((crumb, index) => (
        <span key={`${index}-${crumb.to}`} className="crumbs__part">
          <Icon name="chevron" size={16} />
          {crumb.to ? (
            <LevelLink
              to={crumb.to}
              className="crumbs__item"
              aria-current={index === crumbs.length - 1 ? "page" : undefined}
            >
              <span className="crumbs__name" dir="auto">
                {crumb.name}
              </span>
            </LevelLink>
          ) : (
            <span className="crumbs__item">
              <span className="crumbs__name" dir="auto">
                {crumb.name}
              </span>
            </span>
          )}
        </span>
      ))}
    </nav>
  );
}
