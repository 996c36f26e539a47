// Debian's nginx with the site an operator installs (deploy/nginx/hortus.conf), run as a child process in a
// directory of its own: only its listen port and Hortus's address are changed. scripts/test.sh installs
// nginx when a test needs it (scripts/deploy/ensure-nginx.sh); HORTUS_NGINX names another binary.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT, start, type Started } from './processes.ts'
import { tempDir } from './temp-dir.ts'

const NGINX = process.env.HORTUS_NGINX || '/usr/sbin/nginx'
const SITE = join(ROOT, 'deploy', 'nginx', 'hortus.conf')

export interface Nginx {
  started: Started
  /** Where nginx writes its access log. */
  accessLog: string
}

/** The shipped site with `listen 80;` and the upstream 127.0.0.1:3000 replaced; a site that no longer has
 * exactly one of each fails here rather than being tested against the wrong address. */
function siteFor(port: number, upstreamPort: number): string {
  let site = readFileSync(SITE, 'utf8')
  for (const [from, to] of [
    ['listen 80;', `listen 127.0.0.1:${port};`],
    ['server 127.0.0.1:3000 ', `server 127.0.0.1:${upstreamPort} `],
  ] as const) {
    const count = site.split(from).length - 1
    if (count !== 1) throw new Error(`${SITE}: expected "${from}" once, found it ${count} times`)
    site = site.replace(from, to)
  }
  return site
}

/** nginx in the foreground on 127.0.0.1:`port`, in front of Hortus on 127.0.0.1:`upstreamPort`, in its own
 * process group (detached): stop it with killGroup(started.child.pid). */
export function startNginx(port: number, upstreamPort: number): Nginx {
  if (!existsSync(NGINX))
    throw new Error(`nginx is not installed at ${NGINX}: bash scripts/deploy/ensure-nginx.sh installs it`)
  const dir = tempDir('hortus-nginx-')
  const accessLog = join(dir, 'access.log')
  writeFileSync(join(dir, 'hortus.conf'), siteFor(port, upstreamPort))
  // The main configuration Debian's /etc/nginx/nginx.conf would be: everything nginx writes is in `dir`.
  // As root, nginx's workers would run as `nobody`, who cannot write to `dir`: they stay root here.
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      process.getuid?.() === 0 ? 'user root;' : '',
      'worker_processes 1;',
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${join(dir, 'error.log')} warn;`,
      'events { worker_connections 256; }',
      'http {',
      `  access_log ${accessLog};`,
      ...temp.map((name) => `  ${name}_temp_path ${join(dir, name)};`),
      `  include ${join(dir, 'hortus.conf')};`,
      '}',
      '',
    ].join('\n'),
  )
  const started = start(
    NGINX,
    ['-p', dir, '-e', join(dir, 'error.log'), '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'],
    { detached: true },
  )
  return { started, accessLog }
}
