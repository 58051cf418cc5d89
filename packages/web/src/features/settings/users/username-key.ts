/** How the server compares usernames: NFC, then lower case. */
export function usernameKeyOf(name: string): string {
  return name.normalize("NFC").trim().toLowerCase();
}
