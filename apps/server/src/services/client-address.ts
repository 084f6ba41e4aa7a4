import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key per-address limits count under. An IPv6 client usually holds a whole /64 and could take
 * a new address per request, so IPv6 addresses count by their /64; an IPv4 address written as IPv6
 * (::ffff:1.2.3.4) counts as the IPv4 address.
 */
export const addressKey = (ip: string) => {
  const address = ip.split('%')[0] ?? ip;
  const mapped = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : '';
  if (isIPv4(mapped)) return mapped;
  if (!isIPv6(address)) return address;
  const groupsOf = (part: string) => (part ? part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])) : []);
  const [head = '', tail] = address.split('::');
  const front = groupsOf(head);
  const back = tail === undefined ? [] : groupsOf(tail);
  const groups = [...front, ...Array(8 - front.length - back.length).fill('0'), ...back];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
};

/** The client's address as per-address limits count it: the socket's, or the one trusted proxies name. */
export const clientAddress = (req: { ip: string }) => addressKey(req.ip);
