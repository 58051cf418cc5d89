/** Test data read verbatim (Vite's `?raw`): real logs of real runs, trailing blanks and all. */
declare module "*?raw" {
  const text: string;
  export default text;
}
