/**
 * Line icons drawn for Scriptorium on a 24×24 grid (stroke 2, round joins); each entry is the
 * path data of one icon. The one set of icons of the app: components/Icon draws them.
 */
export const ICON_PATHS = {
  menu: "M4 6h16M4 12h16M4 18h16",
  more: "M12 5v.01M12 12v.01M12 19v.01",
  close: "M6 6l12 12M18 6 6 18",
  folder: "M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z",
  folderPlus:
    "M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zM12 10.5v5M9.5 13h5",
  file: "M6 3h8l5 5v11a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM14 3v5h5",
  filePlus: "M6 3h8l5 5v11a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM14 3v5h5M12 11v6M9 14h6",
  settings:
    "M4 7h9M19 7h1M4 17h3M13 17h7M16 5a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM10 15a2 2 0 1 1 0 4 2 2 0 0 1 0-4z",
  logout: "M9 4H6a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h3M15 8l4 4-4 4M19 12H9",
  login: "M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 8l4 4-4 4M14 12H4",
  userPlus: "M9 4a4 4 0 1 1 0 8 4 4 0 0 1 0-8zM2 20c0-3.5 3-6 7-6s7 2.5 7 6M19 8v6M16 11h6",
  help: "M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18zM9.6 9.4a2.5 2.5 0 1 1 3.4 2.4c-.6.3-1 .9-1 1.6v.6M12 17.2v.1",
  info: "M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18zM12 11v6M12 7.6v.1",
  check: "M5 12.5 9.5 17 19 7",
  alert: "M12 4 21.5 20h-19zM12 10v4.5M12 17.4v.1",
  cloudOff: "M7 18h10.5a3.5 3.5 0 0 0 .7-6.93A6 6 0 0 0 7.2 8.6 4.7 4.7 0 0 0 7 18zM3 3l18 18",
  lock: "M6 11h12v9H6zM8.5 11V8a3.5 3.5 0 0 1 7 0v3",
  notFound:
    "M10.5 4a6.5 6.5 0 1 1 0 13 6.5 6.5 0 0 1 0-13zM15.3 15.3 20 20M8.6 8.6l3.8 3.8M12.4 8.6l-3.8 3.8",
  home: "M3 11.5 12 4l9 7.5M5.5 10v10h4.5v-6h4v6h4.5V10",
  chevron: "M9 6l6 6-6 6",
  /** Opens a menu below (the compile profiles). */
  chevronDown: "M6 9l6 6 6-6",
  link: "M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1",
  storage:
    "M4 6c0-1.1 3.6-2 8-2s8 .9 8 2v12c0 1.1-3.6 2-8 2s-8-.9-8-2zM4 6c0 1.1 3.6 2 8 2s8-.9 8-2M4 12c0 1.1 3.6 2 8 2s8-.9 8-2",
  key: "M8 11a4 4 0 1 1 0 8 4 4 0 0 1 0-8zM11 13l8-8M16 8l2 2M14 10l2 2",
  tune: "M4 6h16M4 12h16M4 18h16M8 4v4M16 10v4M11 16v4",
  fileText: "M6 3h8l5 5v11a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM14 3v5h5M8 13h8M8 17h5",
  fileImage:
    "M5 4h14a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zM3 16l5-5 4 4 3-3 6 6M15.5 7.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3z",
  fileAudio: "M9 18V5l11-2v13M9 18a3 3 0 1 1-6 0 3 3 0 0 1 6 0zM20 16a3 3 0 1 1-6 0 3 3 0 0 1 6 0z",
  fileVideo:
    "M4 6h11a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2zM17 10.5 22 7v10l-5-3.5",
  filePdf:
    "M6 3h8l5 5v11a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM14 3v5h5M9 18v-5h1.8a1.6 1.6 0 0 1 0 3.2H9",
  brokenLink:
    "M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1M3 3l18 18",
  viewList: "M9 6h11M9 12h11M9 18h11M4.5 6v.1M4.5 12v.1M4.5 18v.1",
  viewMosaic: "M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z",
  viewGallery: "M4 4h16v11H4zM4 19.5h4M10 19.5h4M16 19.5h4M4 12l4-3.5 4 3.5 3-2 5 3.5",
  selectMultiple: "M9 11.5l3 3 8-8M20 12.5V18a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h9",
  arrowUp: "M12 19V5M6.5 10.5 12 5l5.5 5.5",
  arrowDown: "M12 5v14M6.5 13.5 12 19l5.5-5.5",
  selectAll: "M4 4h16v16H4zM8 12l3 3 5-6",
  rename: "M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16zM13.5 6.5l4 4",
  copy: "M9 8h10a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H9a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1zM16 8V5a1 1 0 0 0-1-1H5a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h3",
  move: "M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zM8.5 13h7M12.5 10l3 3-3 3",
  history: "M3.5 12a8.5 8.5 0 1 0 2.6-6.1M3 3.5V8h4.5M12 7.5V12l3 2",
  trash: "M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3",
  parentFolder: "M10 14 5 9l5-5M5 9h9a5 5 0 0 1 5 5v6",
  upload: "M12 16V4M7 9l5-5 5 5M4 15v4a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-4",
  download: "M12 4v12M7 11l5 5 5-5M4 15v4a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-4",
  unzip: "M3 4h18v4H3zM5 8v11a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V8M12 18v-6M9.5 14.5 12 12l2.5 2.5",
  external: "M14 4h6v6M20 4l-9 9M18 14v4a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h4",
  zoomIn:
    "M10.5 4a6.5 6.5 0 1 1 0 13 6.5 6.5 0 0 1 0-13zM15.3 15.3 20 20M10.5 7.8v5.4M7.8 10.5h5.4",
  zoomOut: "M10.5 4a6.5 6.5 0 1 1 0 13 6.5 6.5 0 0 1 0-13zM15.3 15.3 20 20M7.8 10.5h5.4",
  /** Fit to the width: arrows to both sides between two edges. */
  fitWidth: "M4 5v14M20 5v14M7.5 12h9M10 9l-3 3 3 3M14 9l3 3-3 3",
  fit: "M4 9V5a1 1 0 0 1 1-1h4M15 4h4a1 1 0 0 1 1 1v4M20 15v4a1 1 0 0 1-1 1h-4M9 20H5a1 1 0 0 1-1-1v-4",
  /** The chevron pointing back (previous file). */
  chevronBack: "M15 6l-6 6 6 6",
  save: "M5 4h11l3 3v11a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2zM8 4v5h7V4M8 20v-6h8v6",
  /** Edition tools: m2hv (HTML), m2lv (LaTeX), m2ledmac (reledmac), pdflatex (PDF). */
  toolHtml: "M8 7l-5 5 5 5M16 7l5 5-5 5M14 4l-4 16",
  toolLatex: "M6 3h8l5 5v11a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM8 11h8M12 11v7",
  toolLedmac: "M3 5h6a3 3 0 0 1 3 3v12a2 2 0 0 0-2-2H3zM21 5h-6a3 3 0 0 0-3 3v12a2 2 0 0 1 2-2h7z",
  toolPdf: "M6 3h8l5 5v11a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM9 18l3-7 3 7M10.3 15h3.4",
  /** The PDF pipelines: the source through m2lv (an arrow into a page), through m2ledmac (into a book). */
  toolPdfM2lv: "M3 12h8M8 9l3 3-3 3M13 3h1l5 5v11a2 2 0 0 1-2 2h-4M14 3v5h5",
  toolPdfM2ledmac: "M13 5h8v13h-7a2 2 0 0 0-2 2V6a1 1 0 0 1 1-1zM2 12h7M6 9l3 3-3 3",
  compile: "M7 4.5v15l12-7.5z",
  sidePanel: "M4 5a1 1 0 0 1 1-1h14a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1zM13 4v16",
  witnessView:
    "M2 12s3.5-6.5 10-6.5S22 12 22 12s-3.5 6.5-10 6.5S2 12 2 12zM12 9.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z",
  search: "M10.5 4a6.5 6.5 0 1 1 0 13 6.5 6.5 0 0 1 0-13zM15.3 15.3 20 20",
  /** The activity log (a pulse). */
  activity: "M3 12h4l3-8 4 16 3-8h4",
  terminal:
    "M4 5h16a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zM7 9.5l3 2.5-3 2.5M12 15h5",
  /** A document's outline (its parts, indented). */
  outline: "M4 6h16M8 12h12M8 18h12M4 12v.1M4 18v.1",
  /** Pause and resume an upload. */
  pause: "M8.5 5v14M15.5 5v14",
  resume: "M8 5.5v13l10-6.5z",
} as const;
