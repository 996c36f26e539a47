// Where a webhook may point: http(s) on a public address. Loopback, private, link-local (the cloud metadata
// address 169.254.169.254 among them), carrier-grade NAT, multicast and reserved ranges are refused unless
// the operator allows private addresses (HORTUS_WEBHOOK_ALLOW_PRIVATE). The name is resolved when the
// webhook is made and again at each delivery, and the request goes to the address checked, so a name that
// changes its answer (DNS rebinding) cannot lead a delivery inside.
import { lookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'
import { AppError } from '../errors.ts'

const NOT_PUBLIC = new BlockList()
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.addSubnet(address, prefix, 'ipv4')
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  NOT_PUBLIC.addSubnet(address, prefix, 'ipv6')

export interface WebhookTarget {
  url: URL
  /** The address the request goes to. */
  address: string
  family: 4 | 6
}

function isPublic(address: string, family: 4 | 6): boolean {
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is judged as the IPv4 it is.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped?.[1]) return !NOT_PUBLIC.check(mapped[1], 'ipv4')
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6')
}

/** The URL, parsed and checked; throws a 422 saying what is wrong. */
export function parseWebhookUrl(text: string): URL {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new AppError('validationFailed', 'Invalid field url: not a URL. Give an http or https address.')
  }
  if (!['http:', 'https:'].includes(url.protocol))
    throw new AppError('validationFailed', 'Invalid field url: webhooks are sent over http or https only.')
  if (url.username || url.password)
    throw new AppError(
      'validationFailed',
      'Invalid field url: no user or password in the address; check the signature instead.',
    )
  return url
}

/** Resolves the URL's host to one address and checks it; throws a 422 for one that is not public. */
export async function resolveWebhookTarget(url: URL, allowPrivate: boolean): Promise<WebhookTarget> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  let address = host
  let family = isIP(host)
  if (family === 0) {
    try {
      const found = await withinTime(lookup(host), LOOKUP_MS)
      address = found.address
      family = found.family
    } catch {
      throw new AppError('validationFailed', `Invalid field url: the name ${host} does not resolve.`)
    }
  }
  const ipFamily = family === 6 ? 6 : 4
  if (!allowPrivate && !isPublic(address, ipFamily))
    throw new AppError(
      'validationFailed',
      `Invalid field url: ${host} is ${address}, which is not a public address (loopback, private, link-local and metadata addresses are refused).`,
    )
  return { url, address, family: ipFamily }
}

/** A name that does not resolve within this time is refused: a request never waits long on DNS. */
const LOOKUP_MS = 3_000

function withinTime<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('lookup timed out')), ms)
  })
  return Promise.race([promise, late]).finally(() => clearTimeout(timer))
}
