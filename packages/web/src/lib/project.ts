/*
 * External links of the product. Replace these two constants when Scriptorium's public
 * repository is published; they are only shown when DisableExternal is false.
 */

/** Project site linked from the sidebar version label and the help dialog. */
export const PROJECT_URL = "https://github.com/scriptorium-edition/scriptorium";

/** Where the "report issue" button of an error toast leads (opened in a new tab). */
export const ISSUES_URL = `${PROJECT_URL}/issues/new`;

/** Product name shown beside the version in the sidebar (API.md §11.3). */
export const PRODUCT_LABEL = "Scriptorium";
