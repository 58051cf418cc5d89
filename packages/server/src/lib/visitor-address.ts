import { isIPv6 } from "node:net";

/** The eight 16-bit groups of an IPv6 address (zone left out, an IPv4 tail made two groups). */
function ipv6Groups(ip: string): number[] {
  const address = ip.split("%")[0] ?? "";
  const halves = address.split("::");
  const groupsOf = (part: string | undefined): number[] => {
    if (!part) return [];
    return part.split(":").flatMap((group) => {
      if (!group.includes(".")) return [parseInt(group, 16)];
      const [a = 0, b = 0, c = 0, d = 0] = group.split(".").map(Number);
      return [(a << 8) | b, (c << 8) | d];
    });
  };
  const head = groupsOf(halves[0]);
  const tail = groupsOf(halves[1]);
  const zeros = halves.length > 1 ? Array<number>(8 - head.length - tail.length).fill(0) : [];
  return [...head, ...zeros, ...tail];
}

/**
 * The key that counts a visitor's attempts: an IPv4 address as it is (also when it comes as an
 * IPv4-mapped IPv6 address), an IPv6 address by its /64 network, which one subscriber usually
 * holds whole (counting each address of it apart would give them billions of tries).
 */
export function visitorKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const groups = ipv6Groups(ip);
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}
