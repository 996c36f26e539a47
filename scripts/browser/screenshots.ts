// Screenshots of every page of the website, to show that a change meant to be invisible (moving files in
// src/web/, say) changed no page: shoot a set before, shoot a set after, compare the two pixel by pixel.
//
//   node --import tsx scripts/browser/screenshots.ts shoot --out DIR [--only NAME,NAME…] [--scheme dark]
//   node --import tsx scripts/browser/screenshots.ts compare BEFORE AFTER [--diff DIR] [--threshold N]
//
// shoot: starts Hortus (test/helpers/test-app.ts's buildTestApp: the real app on a fresh SQLite file in a
// temp folder, listening on 127.0.0.1 on a free port) in a child process of this script (`serve`, below),
// seeds it the same way every run (the starter dataset data/plants.jsonl, then the accounts, keys, edits,
// pictures and moderation of seed() below), and opens each page of SHOTS in Debian's Chromium (the binary
// of test/browser/browser.ts, driven by playwright-core) as a visitor, a visitor who gave frost dates, a
// member or a moderator, each page in a new browser context, at 1280 × 900 and 390 × 844 px. It saves a
// full-page PNG of each as DIR/<page>-<width>.png, and DIR/index.json: for each page, the route it covers,
// the address asked, the one shown after any redirect, the HTTP status, who looked, the files, and what
// went wrong in the page (a script error, a failed request, a console error), which a screenshot may not
// show. Each run greps src/web/ for the GET routes it registers and names any that no shot covers.
// compare: for each pair of PNGs of the same name, decodes both with sharp to raw RGBA and counts the pixels
// that differ (by more than --threshold in any channel, 0 by default; a pixel outside the smaller image
// differs); with --diff DIR, writes DIR/<name>.png for each pair that differs: the after image faded, the
// differing pixels red. It prints a table (page, width, same size?, differing pixels), names the
// screenshots only one side has and, when both folders have index.json, the pages whose status, address
// after redirects, problems or (for the files that are not pages) bytes changed. Exit status 1 when
// anything differs or is missing, 0 when all is the same, 2 on a usage error.
//
// What would vary from run to run, and what this script does about it. No region of any page is masked;
// were one ever masked, index.json's run.masked and the shoot's output would say so.
// - The wall clock. Every time and date the site shows comes from the server's clock: the edits' times on
//   the history, diff, recent changes, home, person and pictures pages, the keys' "created" and "last
//   used", the moderation log, "new contributor" (an account younger than 7 days), what "Sow now" and the
//   plant page's sowing calendar say is open now, and the .ics file's DTSTAMP and upcoming windows. The
//   server process runs on a frozen clock (installFrozenClock): each step of the seeding happens at a fixed
//   instant of CLOCK, and every page is served at CLOCK.browse (2026-04-20 10:00 UTC), whatever the real
//   date, so the pages show that date, not today's. Chromium keeps the real clock; no page script reads it.
// - Random key material: API keys are random (the id and the secret's last four are on /account/keys), so
//   the seeded keys are rewritten to fixed ones (fixKey). CSRF and session tokens are random too, but live
//   in hidden inputs and cookies, which no screenshot shows.
// - The port: the server listens on a free port, and /docs, /account/keys and the .ics print the address
//   they were asked at. Chromium asks for http://127.0.0.1/ (no port) and its --host-resolver-rules send
//   that to the server's port, so those pages print http://127.0.0.1 every run; the files are fetched
//   with the same Host header. Nothing but 127.0.0.1 is asked for; any other request is refused and noted.
// - Loading: each page is shot once the network is idle, its lazy images made eager and decoded, its fonts
//   loaded; animations and transitions stopped (Playwright's animations: 'disabled'), the caret hidden.
//   Each shot is a new context, so no visited-link colour or cookie carries over from another page.
// Two runs of the same tree on the same machine gave identical PNGs for every page; a difference between
// two runs of one tree is noise of the machine (fonts, Chromium's version), not of the pages.
//
// `serve` is internal: the child process that runs the server on the frozen clock (which the browser's
// driver must not share) and prints one line, READY and the seeded facts as JSON, then serves until its
// standard input closes.
import { createHash } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import sharp from 'sharp'
import { logIn, signUp } from '../../src/accounts/account.service.ts'
import { createAccountKey, createKeyPair, revokeKey, type KeyPair } from '../../src/accounts/api-keys.ts'
import { displayNameKey } from '../../src/accounts/display-name.ts'
import type { Store } from '../../src/db/store.ts'
import { addImage, chooseImage } from '../../src/images/image.service.ts'
import { blockAccount, hideNote, patrolRevision } from '../../src/moderation/moderation.service.ts'
import { revertPlant } from '../../src/revisions/revert.ts'
import { seedIfEmpty } from '../../src/transfer/seed.ts'
import { CHROMIUM, WAIT_MS } from '../../test/browser/browser.ts'
import { createPlant, link } from '../../test/helpers/factories.ts'
import { ROOT, start, TSX, waitFor } from '../../test/helpers/processes.ts'
import { BRAND, buildTestApp, type TestApp } from '../../test/helpers/test-app.ts'
import { tomatoPhoto } from '../../test/helpers/photos.ts'

const SCRIPT = fileURLToPath(import.meta.url)
const WIDTHS = [1280, 390] as const
type Width = (typeof WIDTHS)[number]
/** The window heights the browser tests use with these widths (the full page is shot either way). */
const HEIGHTS: Record<Width, number> = { 1280: 900, 390: 844 }
/** What the browser asks for: no port, so the pages that print their own address print the same one. */
const ORIGIN = 'http://127.0.0.1'
const READY = 'HORTUS-SCREENSHOTS-READY'
/** A full-page shot of /docs at 390 px is tall; it takes longer than an action. */
const SHOT_MS = 60_000

/** The server's clock, frozen: each seeding step at its instant, every page served at `browse`. */
const CLOCK = {
  start: '2026-03-02T08:00:00.000Z',
  signUp: '2026-03-03T09:15:00.000Z',
  moderatorSignUp: '2026-03-03T09:20:00.000Z',
  oldKey: '2026-03-04T20:00:00.000Z',
  key: '2026-03-05T18:30:00.000Z',
  edit: '2026-03-12T07:45:00.000Z',
  variety: '2026-03-14T12:05:00.000Z',
  link: '2026-03-20T16:40:00.000Z',
  picture: '2026-03-22T10:30:00.000Z',
  shown: '2026-03-22T10:35:00.000Z',
  vandalism: '2026-04-18T21:10:00.000Z',
  revert: '2026-04-19T08:05:00.000Z',
  patrol: '2026-04-19T08:10:00.000Z',
  hide: '2026-04-19T08:12:00.000Z',
  block: '2026-04-19T08:15:00.000Z',
  browse: '2026-04-20T10:00:00.000Z',
}

const ROSA = { email: 'rosa@example.org', name: 'Rosa Allotment', password: 'tomatoes-need-sun-2026' }
const IRIS = { email: 'iris@example.org', name: 'Iris Moderator', password: 'patrol-the-beds-2026' }
const WEEDS = { email: 'weeds@example.org', name: 'Weed Lover' }

/** A key pair that is the same every run, shaped like issueKey's (hk_ and 24 hex digits; 43 characters). */
const fixedPair = (label: string): KeyPair => ({
  key_id: `hk_${createHash('sha256').update(`hortus screenshots key ${label}`).digest('hex').slice(0, 24)}`,
  key_secret: createHash('sha256').update(`hortus screenshots secret ${label}`).digest('base64url'),
})
const KEYS = {
  tester: fixedPair('tester'),
  rosaOld: fixedPair('rosa old phone'),
  rosa: fixedPair('rosa allotment planner'),
  weeds: fixedPair('weed lover'),
}

// The plants the pages show: from the starter dataset, and the variety seed() adds.
const TOMATO = '/plants/solanum-lycopersicum-tomato'
const BASIL = '/plants/ocimum-basilicum-basil'
const VARIETY = '/plants/solanum-lycopersicum-allotment-red-allotment-red-tomato'
/** The versions seed() leaves; serve checks them, so that the diff and restore addresses stay right. */
const VERSIONS = {
  tomatoImported: 2,
  tomatoEdited: 3,
  tomatoNow: 5,
  basilImported: 2,
  basilLinked: 3,
  basilVandalised: 4,
}
const FROST_QUERY = 'last_month=5&last_day=25&first_month=10&first_day=5'

type Role = 'visitor' | 'gardener' | 'member' | 'moderator'
interface Shot {
  /** The file name's stem: [a-z0-9-]. */
  name: string
  /** The GET route of src/web/ it covers, as registered. */
  route: string
  path: string
  /** Who looks: a visitor, a visitor who gave frost dates (the cookie), Rosa (member) or Iris (moderator). */
  as: Role
  /** file: not a page: fetched and shown in a page of this script's, as text (JSON, CSS, JavaScript,
   * iCalendar) or as the image it is, under the status and type. */
  kind?: 'file'
}

const shot = (name: string, route: string, path: string, as: Role = 'visitor', kind?: 'file'): Shot => ({
  name,
  route,
  path,
  as,
  ...(kind ? { kind } : {}),
})

/** Every page, by the route of src/web/ it covers. */
const SHOTS: Shot[] = [
  // home/, search/ and plant/ (the plant page), common/stylesheet.routes.ts
  shot('home', '/', '/'),
  shot('home-member', '/', '/', 'member'),
  shot('search', '/search', '/search'),
  shot('search-query', '/search', '/search?q=tomato'),
  shot('search-page-2', '/search', '/search?q=pepper&page=2'),
  shot('search-filters', '/search', '/search?Layer=Ground+cover&hardy_to_zone=4'),
  shot('search-problem', '/search', '/search?height_from=tall'),
  shot('search-nothing', '/search', '/search?q=zzyzx'),
  shot('suggest', '/suggest', '/suggest?q=tom', 'visitor', 'file'),
  shot('plant', '/plants/:slug', TOMATO),
  shot('plant-member', '/plants/:slug', TOMATO, 'member'),
  shot('plant-frost-dates', '/plants/:slug', TOMATO, 'gardener'),
  shot('plant-variety', '/plants/:slug', VARIETY),
  shot('plant-restored', '/plants/:slug', BASIL),
  shot('plant-not-found', '/plants/:slug', '/plants/no-such-plant'),
  shot('stylesheet', '/static/hortus.css', '/static/hortus.css', 'visitor', 'file'),
  shot('static-script', '/static/*', '/static/suggest.js', 'visitor', 'file'),
  shot('crop-icon', '/static/crop-icons/*', '/static/crop-icons/tomato.webp', 'visitor', 'file'),
  // account/account.routes.ts
  shot('signup', '/signup', '/signup'),
  shot('login', '/login', '/login'),
  shot('login-welcome', '/login', '/login?welcome=1'),
  shot('logout', '/logout', '/logout', 'member'),
  // account/keys.routes.ts
  shot('keys', '/account/keys', '/account/keys', 'member'),
  shot('keys-revoked', '/account/keys', `/account/keys?revoked=${KEYS.rosaOld.key_id}`, 'member'),
  shot('keys-visitor', '/account/keys', '/account/keys'),
  // docs/docs.routes.ts
  shot('docs', '/docs', '/docs'),
  // editing/edit.routes.ts and editing/links.routes.ts
  shot('plant-new', '/plants/new', '/plants/new', 'member'),
  shot('plant-new-variety', '/plants/new', `/plants/new?parent=${TOMATO.slice('/plants/'.length)}`, 'member'),
  shot('plant-edit', '/plants/:slug/edit', `${TOMATO}/edit`, 'member'),
  shot('plant-edit-visitor', '/plants/:slug/edit', `${TOMATO}/edit`),
  shot('plant-links', '/plants/:slug/links', `${TOMATO}/links`, 'member'),
  // history/history.routes.ts
  shot('history', '/plants/:slug/history', `${TOMATO}/history`),
  shot('history-hidden-note', '/plants/:slug/history', `${BASIL}/history`),
  shot('history-moderator', '/plants/:slug/history', `${BASIL}/history`, 'moderator'),
  shot('diff', '/plants/:slug/diff', `${TOMATO}/diff`),
  shot(
    'diff-edit',
    '/plants/:slug/diff',
    `${TOMATO}/diff?from=${VERSIONS.tomatoImported}&to=${VERSIONS.tomatoEdited}`,
  ),
  shot(
    'diff-vandalism',
    '/plants/:slug/diff',
    `${BASIL}/diff?from=${VERSIONS.basilLinked}&to=${VERSIONS.basilVandalised}`,
    'moderator',
  ),
  shot('restore', '/plants/:slug/restore', `${TOMATO}/restore?version=${VERSIONS.tomatoImported}`, 'member'),
  // history/changes.routes.ts
  shot('changes', '/changes', '/changes'),
  shot('changes-moderator', '/changes', '/changes', 'moderator'),
  shot('changes-new-unpatrolled', '/changes', '/changes?new=1&unpatrolled=1', 'moderator'),
  shot('changes-by-author', '/changes', '/changes?author=Rosa+Allotment'),
  // moderation/people.routes.ts
  shot('person', '/people/:name', '/people/Rosa%20Allotment'),
  shot('person-self', '/people/:name', '/people/Rosa%20Allotment', 'member'),
  shot('person-blocked', '/people/:name', '/people/Weed%20Lover', 'moderator'),
  shot('moderation-log', '/moderation/log', '/moderation/log', 'moderator'),
  shot('moderation-log-visitor', '/moderation/log', '/moderation/log'),
  // pictures/pictures.routes.ts
  shot('pictures', '/plants/:slug/pictures', `${TOMATO}/pictures`),
  shot('pictures-member', '/plants/:slug/pictures', `${TOMATO}/pictures`, 'member'),
  shot('pictures-moderator', '/plants/:slug/pictures', `${TOMATO}/pictures`, 'moderator'),
  shot('picture-new', '/plants/:slug/pictures/new', `${TOMATO}/pictures/new`, 'member'),
  // plant/plant.routes.ts (varieties, problems)
  shot('varieties', '/plants/:slug/varieties', `${TOMATO}/varieties`),
  shot('varieties-page-2', '/plants/:slug/varieties', `${TOMATO}/varieties?page=2`),
  shot('problems', '/plants/:slug/problems', `${TOMATO}/problems`),
  // sowing/sowing.routes.ts
  shot('frost-dates', '/frost-dates', `/frost-dates?${FROST_QUERY}&back=/sow-now`),
  shot('sow-now', '/sow-now', '/sow-now'),
  shot('sow-now-indoors', '/sow-now', '/sow-now?action=sow_indoors', 'gardener'),
  shot(
    'calendar-ics',
    '/plants/:slug/calendar.ics',
    `${TOMATO}/calendar.ics?last_frost=05-25&first_frost=10-05`,
    'visitor',
    'file',
  ),
  // The not-found handler is app.ts's, but its page is web.routes.ts's errorPage.
  shot('not-found', '(not found)', '/no-such-page'),
]

function usage(problem?: string): never {
  if (problem) console.error(`screenshots: ${problem}`)
  console.error(
    [
      'usage: node --import tsx scripts/browser/screenshots.ts shoot --out DIR [--only NAME,NAME…] [--scheme dark]',
      '       node --import tsx scripts/browser/screenshots.ts compare BEFORE AFTER',
      '                                                        [--diff DIR] [--threshold N]',
    ].join('\n'),
  )
  process.exit(2)
}

/** `--name value` options and the other arguments, in order. */
function options(given: string[], names: string[]): { values: Map<string, string>; rest: string[] } {
  const values = new Map<string, string>()
  const rest: string[] = []
  for (let index = 0; index < given.length; index++) {
    const arg = given[index]!
    if (!arg.startsWith('--')) rest.push(arg)
    else if (!names.includes(arg.slice(2))) usage(`unknown option ${arg}`)
    else if (given[index + 1] === undefined) usage(`${arg} needs a value`)
    else values.set(arg.slice(2), given[++index]!)
  }
  return { values, rest }
}

// ---------------------------------------------------------------------------------------------------------
// shoot

async function shoot(given: string[]): Promise<void> {
  const started = performance.now()
  const { values, rest } = options(given, ['out', 'only', 'scheme'])
  const out = values.get('out')
  const scheme = values.get('scheme') ?? 'light'
  if (scheme !== 'light' && scheme !== 'dark') usage('--scheme is light or dark')
  colorScheme = scheme
  if (!out || rest.length > 0) usage('shoot needs --out DIR and nothing else')
  const only = values.get('only')?.split(',')
  const shots = only ? SHOTS.filter((each) => only.includes(each.name)) : SHOTS
  if (only && shots.length !== only.length) usage(`--only: no such page among ${only.join(', ')}`)
  if (!existsSync(CHROMIUM))
    throw new Error(`no Chromium at ${CHROMIUM}: run bash scripts/browser/ensure-chromium.sh (as root)`)
  prepareOut(out)

  const routes = webGetRoutes()
  const covered = new Set(SHOTS.map((each) => each.route))
  const uncovered = routes.filter(({ route }) => !covered.has(route))
  const listed = new Set(routes.map(({ route }) => route))
  const gone = [...covered].filter((route) => route !== '(not found)' && !listed.has(route))
  for (const { route, file } of uncovered) console.log(`NOT COVERED: GET ${route} (${file}) has no shot`)
  console.log(`src/web/ registers ${routes.length} GET routes; ${uncovered.length} without a shot`)
  for (const route of gone) console.log(`NOT FOUND: GET ${route} has shots but no .get( in src/web/`)

  const server = start(process.execPath, ['--import', TSX, SCRIPT, 'serve'], {
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  let browser: Browser | undefined
  try {
    await waitFor('the seeded server', () => new RegExp(`${READY} .*\\n`).test(server.output.stdout), {
      started: server,
      timeoutMs: 300_000,
    })
    const line = server.output.stdout.split('\n').find((each) => each.startsWith(READY))!
    const facts = JSON.parse(line.slice(READY.length + 1)) as { port: number }
    const seeded = performance.now()
    console.log(`server seeded on 127.0.0.1:${facts.port} in ${seconds(seeded - started)}`)

    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      timeout: 30_000,
      // As test/browser/browser.ts launches it (no sandbox as root, /tmp rather than a small /dev/shm), and
      // with the address without a port mapped to the server's.
      chromiumSandbox: false,
      args: ['--disable-dev-shm-usage', `--host-resolver-rules=MAP 127.0.0.1 127.0.0.1:${facts.port}`],
    })
    const states = await storageStates(browser)
    const pages: Record<string, PageRecord> = {}
    for (const each of shots) {
      const record: PageRecord = { route: each.route, url: each.path, as: each.as, files: {} }
      for (const width of WIDTHS) {
        const file = `${each.name}-${width}.png`
        const seen = await shootOne(browser, states[each.as], each, width, join(out, file), facts.port)
        record.files[width] = file
        if (record.status !== undefined && (seen.status !== record.status || seen.shown !== record.shown))
          seen.problems.push(
            `status ${seen.status} at ${seen.shown}, where ${WIDTHS[0]} px had ${record.status}`,
          )
        record.shown ??= seen.shown
        record.status ??= seen.status
        if (seen.sha256) record.sha256 = seen.sha256
        const problems = [
          ...(record.problems ?? []),
          ...seen.problems.map((problem) => `${width}: ${problem}`),
        ]
        if (problems.length > 0) record.problems = problems
      }
      pages[each.name] = record
      const flags = [
        record.status === 200 ? '' : `status ${record.status}`,
        record.shown === each.path ? '' : `→ ${record.shown}`,
      ]
      console.log(
        `${each.name.padEnd(26)} ${each.as.padEnd(9)} ${each.path} ${flags.filter(Boolean).join(' ')}` +
          (record.problems ? `\n  problems: ${record.problems.join('\n            ')}` : ''),
      )
    }
    const took = performance.now() - started
    const index = {
      run: {
        tree: ROOT,
        commit: gitHead(),
        clock: CLOCK.browse,
        chromium: browser.version(),
        widths: WIDTHS,
        seconds: Math.round(took / 1000),
        masked: [] as string[],
        uncovered: uncovered.map(({ route, file }) => `GET ${route} (${file})`),
      },
      pages,
    }
    writeFileSync(join(out, 'index.json'), `${JSON.stringify(index, null, 2)}\n`)
    const files = Object.values(pages).reduce((sum, page) => sum + Object.keys(page.files).length, 0)
    console.log(
      `${files} screenshots of ${shots.length} pages in ${out}, index.json beside them; ` +
        `masked regions: none; ${seconds(took)} in all (seeding ${seconds(seeded - started)})`,
    )
  } finally {
    await browser?.close()
    server.child.stdin?.end()
    const finished = await Promise.race([
      server.finished,
      new Promise((resolve) => setTimeout(resolve, 10_000).unref()),
    ])
    if (!finished) server.child.kill('SIGKILL')
    if (server.output.stderr.trim()) console.error(`server's stderr:\n${server.output.stderr}`)
  }
}

interface PageRecord {
  route: string
  url: string
  as: Role
  /** The address after any redirect, when the browser was sent elsewhere. */
  shown?: string
  status?: number
  files: Partial<Record<Width, string>>
  /** A file's bytes (the shots of kind file). */
  sha256?: string
  problems?: string[]
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

/** Makes the folder, or empties it of what an earlier shoot left (PNGs and index.json, nothing else). */
function prepareOut(out: string): void {
  mkdirSync(out, { recursive: true })
  for (const file of readdirSync(out))
    if (file.endsWith('.png') || file === 'index.json') rmSync(join(out, file))
}

function gitHead(): string {
  try {
    const head = execFileSync('git', ['-C', ROOT, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim()
    const dirty = execFileSync('git', ['-C', ROOT, 'status', '--porcelain', '--', 'src', 'test'], {
      encoding: 'utf8',
    }).trim()
    return dirty ? `${head} with changes to src/ or test/` : head
  } catch {
    return 'unknown'
  }
}

/** The GET routes src/web/ registers: each `.get('/…'` or `.get(CONSTANT` (a constant of src/), and each
 * static folder's prefix (`/static/*`), with the file that registers it. */
function webGetRoutes(): { route: string; file: string }[] {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? files(join(dir, entry.name))
        : /\.tsx?$/.test(entry.name)
          ? [join(dir, entry.name)]
          : [],
    )
  const constants = new Map<string, string>()
  for (const file of files(join(ROOT, 'src')))
    for (const [, name, value] of readFileSync(file, 'utf8').matchAll(/export const ([A-Z_]+) = '([^']+)'/g))
      constants.set(name!, value!)
  const found = new Map<string, string>()
  for (const file of files(join(ROOT, 'src/web'))) {
    const text = readFileSync(file, 'utf8')
    const where = relative(ROOT, file)
    for (const [, literal, constant] of text.matchAll(/\.get\(\s*(?:['`](\/[^'`]*)['`]|([A-Z_]+)\s*,)/g)) {
      const route = literal ?? constants.get(constant!)
      if (route) found.set(route, where)
    }
    for (const [, literal, constant] of text.matchAll(/prefix:\s*(?:'(\/[^']*)'|([A-Z_]+))/g)) {
      const prefix = literal ?? constants.get(constant!)
      if (prefix) found.set(`${prefix}*`, where)
    }
  }
  return [...found].map(([route, file]) => ({ route, file })).sort((a, b) => a.route.localeCompare(b.route))
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>

/** The cookies of each kind of visitor: none; the frost dates' (the form's GET); Rosa's and Iris's sessions,
 * from logging in with the form as a person does. */
async function storageStates(browser: Browser): Promise<Record<Role, StorageState>> {
  const as = async (visit: (context: BrowserContext) => Promise<void>) => {
    const context = await newContext(browser, 1280, undefined, [])
    try {
      await visit(context)
      return await context.storageState()
    } finally {
      await context.close()
    }
  }
  const logInAs = (who: { email: string; password: string }) =>
    as(async (context) => {
      const page = await context.newPage()
      await page.goto(`${ORIGIN}/login`)
      await page.getByLabel('Email').fill(who.email)
      await page.getByLabel('Password').fill(who.password)
      await page.getByRole('button', { name: 'Log in' }).click()
      await page.waitForURL((url) => url.pathname === '/account/keys')
    })
  return {
    visitor: { cookies: [], origins: [] },
    gardener: await as(async (context) => {
      const page = await context.newPage()
      await page.goto(`${ORIGIN}/frost-dates?${FROST_QUERY}&back=/`)
    }),
    member: await logInAs(ROSA),
    moderator: await logInAs(IRIS),
  }
}

/** The colour scheme the pages are shown in (`--scheme`; the site follows the system's). */
let colorScheme: 'light' | 'dark' = 'light'

/** A context as every shot gets: the scheme asked for, English, UTC, no scaling; anything outside
 * 127.0.0.1 refused. */
async function newContext(
  browser: Browser,
  width: Width,
  storageState: StorageState | undefined,
  problems: string[],
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width, height: HEIGHTS[width] },
    deviceScaleFactor: 1,
    colorScheme,
    locale: 'en-US',
    timezoneId: 'UTC',
    ...(storageState ? { storageState } : {}),
  })
  context.setDefaultTimeout(WAIT_MS)
  context.setDefaultNavigationTimeout(WAIT_MS * 3)
  await context.route(
    (url) => url.hostname !== '127.0.0.1' || (url.port !== '' && url.port !== '80'),
    async (route) => {
      problems.push(`request outside ${ORIGIN} refused: ${route.request().url()}`)
      await route.abort('blockedbyclient')
    },
  )
  return context
}

async function shootOne(
  browser: Browser,
  state: StorageState,
  each: Shot,
  width: Width,
  file: string,
  port: number,
): Promise<{ shown: string; status: number; sha256?: string; problems: string[] }> {
  const problems: string[] = []
  const context = await newContext(browser, width, state, problems)
  try {
    const page = await context.newPage()
    page.on('pageerror', (error) => problems.push(`script error: ${error.message}`))
    page.on('console', (message) => {
      // A 4xx or 5xx is noted as such below (the page's own status is its record's).
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
        problems.push(`console error: ${message.text()}`)
    })
    page.on('requestfailed', (request) => {
      if (!request.failure()?.errorText.includes('BLOCKED_BY_CLIENT'))
        problems.push(`request failed: ${request.url()} ${request.failure()?.errorText}`)
    })
    page.on('response', (response) => {
      if (response.status() >= 400 && response.request().resourceType() !== 'document')
        problems.push(`${response.status()} for ${response.url()}`)
    })
    let shown = each.path
    let status: number
    let sha256: string | undefined
    if (each.kind === 'file') {
      const answer = await fetchFromServer(port, each.path, state)
      status = answer.status
      sha256 = createHash('sha256').update(answer.body).digest('hex')
      await page.setContent(filePage(each.path, answer))
    } else {
      const response = await page.goto(`${ORIGIN}${each.path}`, { waitUntil: 'networkidle' })
      if (!response) throw new Error(`${each.path}: no response`)
      status = response.status()
      const url = new URL(page.url())
      shown = `${url.pathname}${url.search}`
    }
    await settle(page)
    await page.screenshot({
      path: file,
      fullPage: true,
      animations: 'disabled',
      caret: 'hide',
      timeout: SHOT_MS,
    })
    return { shown, status, ...(sha256 ? { sha256 } : {}), problems }
  } finally {
    await context.close()
  }
}

/** Every image loaded and decoded (lazy ones made eager: a full-page shot scrolls nothing into view), the
 * fonts loaded, the network idle again. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const images = [...document.images]
    for (const image of images) if (image.loading === 'lazy') image.loading = 'eager'
    await Promise.all(images.map((image) => image.decode().catch(() => undefined)))
    await document.fonts.ready
  })
  await page.waitForLoadState('networkidle')
}

/** A file's answer, asked of the server over loopback with the browser's Host (and cookies). */
function fetchFromServer(
  port: number,
  path: string,
  state: StorageState,
): Promise<{ status: number; type: string; body: Buffer }> {
  const cookie = state.cookies.map(({ name, value }) => `${name}=${value}`).join('; ')
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      { host: '127.0.0.1', port, path, headers: { host: '127.0.0.1', ...(cookie ? { cookie } : {}) } },
      (answer) => {
        const chunks: Buffer[] = []
        answer.on('data', (chunk: Buffer) => chunks.push(chunk))
        answer.on('end', () =>
          resolve({
            status: answer.statusCode ?? 0,
            type: answer.headers['content-type'] ?? '',
            body: Buffer.concat(chunks),
          }),
        )
        answer.on('error', reject)
      },
    )
    sent.on('error', reject)
    sent.setTimeout(WAIT_MS * 3, () => sent.destroy(new Error(`${path}: no answer in ${WAIT_MS * 3} ms`)))
    sent.end()
  })
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** A file as a page: the address, status and type, then the text, wrapped, or the image. */
function filePage(path: string, answer: { status: number; type: string; body: Buffer }): string {
  const head = escapeHtml(`GET ${path}\nHTTP ${answer.status} ${answer.type}\n\n`)
  const content = answer.type.startsWith('image/')
    ? `</pre><img alt="" src="data:${answer.type};base64,${answer.body.toString('base64')}">`
    : `${escapeHtml(answer.body.toString('utf8'))}</pre>`
  return (
    '<!doctype html><html lang="en"><meta charset="utf-8"><title>file</title><style>' +
    'body{margin:8px;background:#fff;color:#000}' +
    "pre{margin:0;font:13px/1.45 'DejaVu Sans Mono',monospace;white-space:pre-wrap;overflow-wrap:anywhere}" +
    `</style><pre>${head}${content}</html>`
  )
}

// ---------------------------------------------------------------------------------------------------------
// serve: the server, seeded, on a frozen clock (a child process of shoot)

async function serve(): Promise<void> {
  const setClock = installFrozenClock()
  setClock(CLOCK.start)
  const t = await buildTestApp()
  const port = Number(new URL(t.baseUrl).port)
  try {
    await seed(t, setClock)
  } catch (error) {
    await t.close()
    throw error
  }
  setClock(CLOCK.browse)
  process.stdout.write(`${READY} ${JSON.stringify({ port })}\n`)
  // Until shoot closes our standard input (or dies, which closes it too).
  process.stdin.resume()
  process.stdin.on('end', () => void t.close().then(() => process.exit(0)))
}

/**
 * Replaces Date with one whose "now" is set, not read from the machine: `new Date()`, `Date()` and
 * `Date.now()` give the instant last set, and stay there until the next. Dates of a given time, parsing
 * and instanceof are the real Date's. Returns the setter.
 */
function installFrozenClock(): (iso: string) => void {
  const RealDate = Date
  let frozen = RealDate.now()
  function FrozenDate(this: unknown, ...given: unknown[]): unknown {
    if (!new.target) return new RealDate(frozen).toString()
    return given.length === 0 ? new RealDate(frozen) : (Reflect.construct(RealDate, given) as Date)
  }
  FrozenDate.prototype = RealDate.prototype
  FrozenDate.now = () => frozen
  FrozenDate.parse = RealDate.parse.bind(RealDate)
  FrozenDate.UTC = RealDate.UTC.bind(RealDate)
  globalThis.Date = FrozenDate as unknown as DateConstructor
  return (iso) => {
    frozen = RealDate.parse(iso)
  }
}

interface PlantJson {
  id: number
  link: string
  version: number
}

/** The pages' content: the starter dataset, then members' edits, pictures and a moderator's work, each at
 * its instant of CLOCK, with fixed keys, so that ids, versions, times and keys are the same every run. */
async function seed(t: TestApp, setClock: (iso: string) => void): Promise<void> {
  const { store } = t
  // buildTestApp's own key has a random account name; no page shows it, but it is made fixed all the same.
  const tester = await accountOfKey(store, t.key.key_id)
  await store.db
    .updateTable('accounts')
    .set({ email: 'screenshots@example.org', name: 'Screenshots', name_key: displayNameKey('Screenshots') })
    .where('id', '=', tester)
    .execute()
  await fixKey(store, t.key, KEYS.tester)

  const summary = await seedIfEmpty(store)
  if (!summary || summary.rejected.length > 0)
    throw new Error(`the starter dataset: ${JSON.stringify(summary?.rejected.slice(0, 3))}`)
  const tomato = await plantAt(store, TOMATO)
  const basil = await plantAt(store, BASIL)
  expect('Tomato, imported', tomato.version, VERSIONS.tomatoImported)
  expect('Basil, imported', basil.version, VERSIONS.basilImported)

  setClock(CLOCK.signUp)
  await mustSignUp(store, ROSA)
  setClock(CLOCK.moderatorSignUp)
  await mustSignUp(store, IRIS)
  await store.db.updateTable('accounts').set({ role: 'moderator' }).where('email', '=', IRIS.email).execute()
  const rosa = (await logIn(store, ROSA.email, ROSA.password))!
  const iris = (await logIn(store, IRIS.email, IRIS.password))!

  // Rosa's keys, made on the website: one revoked, one in use by her app.
  setClock(CLOCK.oldKey)
  await fixKey(store, await createAccountKey(store, rosa.id, 'Old phone'), KEYS.rosaOld)
  setClock(CLOCK.key)
  await fixKey(store, await createAccountKey(store, rosa.id, 'Allotment planner'), KEYS.rosa)
  if (!(await revokeKey(store, KEYS.rosaOld.key_id, rosa.id))) throw new Error('the old key was not revoked')

  const asRosa = keyClient(t, KEYS.rosa)
  setClock(CLOCK.edit)
  const edited = await sendJson<PlantJson>(asRosa, 'PUT', `/api/plants/${tomato.id}`, 200, {
    version: tomato.version,
    note: 'Sowing and staking notes from the allotment',
    description:
      'The tomato is the fruit of the tomato plant, a member of the Nightshade family (Solanaceae). ' +
      'The fruit grows on a bush or a vine that needs staking; pinch out the side shoots of cordon kinds.',
    data: [
      { key: 'Days to maturity', value: '60-85' },
      { key: 'Water requirement', value: 'Moist' },
    ],
  })
  expect('Tomato, edited', edited.version, VERSIONS.tomatoEdited)

  setClock(CLOCK.variety)
  const variety = (await createPlant(asRosa, {
    type: 'Variety',
    parent_id: tomato.id,
    scientific_name: "Solanum lycopersicum 'Allotment Red'",
    name: 'Allotment Red tomato',
    note: 'A cordon tomato grown on our allotment since 2019',
    description: 'A red cordon tomato with medium fruit, reliable outdoors in a cool summer.',
    data: [
      { key: 'Days to maturity', value: '70' },
      { key: 'Height', value: '1.8' },
    ],
  })) as PlantJson
  expect('the variety’s page', variety.link, VARIETY)

  setClock(CLOCK.link)
  await link(asRosa, basil.id, variety.id, 'companion-to', 'Basil between the cordons keeps whitefly off')
  const linked = await plantAt(store, BASIL)
  expect('Basil, linked', linked.version, VERSIONS.basilLinked)

  setClock(CLOCK.picture)
  const photo = await addImage(
    store,
    tomato.id,
    await tomatoPhoto(),
    {
      license: 'CC-BY-SA-4.0',
      author: ROSA.name,
      note: 'Ripe fruit in August, on the allotment',
    },
    { id: rosa.id, name: rosa.name },
  )
  setClock(CLOCK.shown)
  await chooseImage(store, tomato.id, photo.id, 'A photo of ripe fruit shows the plant best', {
    id: rosa.id,
    name: rosa.name,
  })
  expect('Tomato, now', (await plantAt(store, TOMATO)).version, VERSIONS.tomatoNow)

  // A new contributor vandalises Basil through the API; Iris restores it, hides the note, blocks him.
  setClock(CLOCK.vandalism)
  const weeds = await createKeyPair(store, WEEDS.email, '', WEEDS.name)
  await fixKey(store, weeds, KEYS.weeds)
  const vandalised = await sendJson<PlantJson>(
    keyClient(t, KEYS.weeds),
    'PUT',
    `/api/plants/${basil.id}`,
    200,
    {
      version: linked.version,
      note: 'basil grows best in the dark lol',
      description: 'Keep basil in a cupboard; it needs no light at all.',
      data: [{ key: 'Light requirement', value: 'Darkness' }],
      remove_data: ['Height'],
    },
  )
  expect('Basil, vandalised', vandalised.version, VERSIONS.basilVandalised)
  setClock(CLOCK.revert)
  await revertPlant(
    store,
    basil.id,
    { version: vandalised.version, to_version: linked.version, note: 'Undo vandalism: basil needs full sun' },
    { id: iris.id, name: iris.name },
  )
  setClock(CLOCK.patrol)
  await patrolRevision(store, tomato.id, VERSIONS.tomatoEdited, iris)
  setClock(CLOCK.hide)
  await hideNote(store, basil.id, VERSIONS.basilVandalised, true, 'Mocking note', iris)
  setClock(CLOCK.block)
  await blockAccount(store, { name: WEEDS.name }, 'Vandalised Basil', iris)
}

function expect<T>(what: string, actual: T, expected: T): void {
  if (actual !== expected)
    throw new Error(`${what}: ${String(actual)}, where SHOTS expect ${String(expected)}: update the script`)
}

async function mustSignUp(store: Store, person: { email: string; name: string; password: string }) {
  const problems = await signUp(store, person)
  if (Object.keys(problems).length > 0)
    throw new Error(`sign-up of ${person.name}: ${JSON.stringify(problems)}`)
}

async function accountOfKey(store: Store, keyId: string): Promise<number> {
  const row = await store.db
    .selectFrom('api_keys')
    .select('account_id')
    .where('key_id', '=', keyId)
    .executeTakeFirstOrThrow()
  return Number(row.account_id)
}

/** Rewrites a key made at random (issueKey) to the fixed pair: its id, its secret's hash and last four. */
async function fixKey(store: Store, made: KeyPair, fixed: KeyPair): Promise<void> {
  const result = await store.db
    .updateTable('api_keys')
    .set({
      key_id: fixed.key_id,
      secret_hash: createHash('sha256').update(fixed.key_secret).digest('hex'),
      last_four: fixed.key_secret.slice(-4),
    })
    .where('key_id', '=', made.key_id)
    .executeTakeFirst()
  if (Number(result.numUpdatedRows) !== 1) throw new Error(`no key ${made.key_id} to fix`)
}

async function plantAt(store: Store, path: string): Promise<PlantJson> {
  const slug = path.slice('/plants/'.length)
  const row = await store.db
    .selectFrom('plants')
    .select(['id', 'version'])
    .where('slug', '=', slug)
    .executeTakeFirst()
  if (!row) throw new Error(`no plant at ${path} after seeding`)
  return { id: Number(row.id), link: path, version: Number(row.version) }
}

type Client = Pick<TestApp, 'request'>

/** The test app's client with another key: the factories' requests made as that key's account. */
const keyClient = (t: TestApp, key: KeyPair): Client => ({
  request: (method, path, body, headers = {}) =>
    t.request(method, path, body, {
      [`x-${BRAND}-key-id`]: key.key_id,
      [`x-${BRAND}-key-secret`]: key.key_secret,
      ...headers,
    }),
})

async function sendJson<T>(client: Client, method: string, path: string, status: number, body: unknown) {
  const response = await client.request(method, path, body)
  if (response.status !== status) throw new Error(`${method} ${path}: ${response.status} ${response.text}`)
  return response.body as T
}

// ---------------------------------------------------------------------------------------------------------
// compare

interface Decoded {
  data: Buffer
  width: number
  height: number
}

async function compare(given: string[]): Promise<number> {
  const { values, rest } = options(given, ['diff', 'threshold'])
  if (rest.length !== 2) usage('compare needs BEFORE and AFTER')
  const [before, after] = rest as [string, string]
  const diffDir = values.get('diff')
  const threshold = Number(values.get('threshold') ?? '0')
  if (!Number.isInteger(threshold) || threshold < 0 || threshold > 255) usage('--threshold: 0 to 255')
  for (const dir of [before, after]) if (!existsSync(dir)) usage(`no folder ${dir}`)
  if (diffDir) mkdirSync(diffDir, { recursive: true })

  const pngs = (dir: string) => new Set(readdirSync(dir).filter((file) => file.endsWith('.png')))
  const [left, right] = [pngs(before), pngs(after)]
  const names = [...new Set([...left, ...right])].sort()
  const rows: string[][] = []
  let differing = 0
  let missing = 0
  for (const file of names) {
    const [, page = file, width = ''] = /^(.*)-(\d+)\.png$/.exec(file) ?? []
    if (!left.has(file) || !right.has(file)) {
      missing++
      rows.push([page, width, '-', `missing in ${left.has(file) ? 'AFTER' : 'BEFORE'}`])
      continue
    }
    const [a, b] = await Promise.all([decode(join(before, file)), decode(join(after, file))])
    const sameSize = a.width === b.width && a.height === b.height
    const { count, total, mask } = differences(a, b, threshold)
    if (count > 0) {
      differing++
      if (diffDir)
        await writeDiff(
          join(diffDir, file),
          b,
          mask,
          Math.max(a.width, b.width),
          Math.max(a.height, b.height),
        )
    }
    const size = sameSize ? 'yes' : `no: ${a.width}×${a.height} → ${b.width}×${b.height}`
    const share = count === 0 ? '' : ` (${((100 * count) / total).toFixed(count * 1000 < total ? 3 : 1)}%)`
    rows.push([page, width, size, `${count}${share}`])
  }
  printTable(['page', 'width', 'same size?', 'differing pixels'], rows)
  const other = indexDifferences(before, after)
  for (const line of other) console.log(line)
  console.log(
    `${names.length - missing} pairs compared: ${differing} differ, ` +
      `${names.length - missing - differing} the same; ` +
      `${missing} missing on one side; ${other.length} other differences in index.json` +
      (threshold > 0 ? `; a pixel differs when a channel is off by more than ${threshold}` : '') +
      (diffDir && differing > 0 ? `; diff images in ${diffDir}` : ''),
  )
  return differing + missing + other.length > 0 ? 1 : 0
}

async function decode(file: string): Promise<Decoded> {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height }
}

/** The pixels that differ, over the larger of the two sizes: a mask (1 = differs) and the count. */
function differences(a: Decoded, b: Decoded, threshold: number) {
  const width = Math.max(a.width, b.width)
  const height = Math.max(a.height, b.height)
  const total = width * height
  if (a.width === b.width && a.height === b.height && a.data.equals(b.data))
    return { count: 0, total, mask: new Uint8Array(0) }
  const mask = new Uint8Array(total)
  let count = 0
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let differs = x >= a.width || x >= b.width || y >= a.height || y >= b.height
      if (!differs) {
        const i = (y * a.width + x) * 4
        const j = (y * b.width + x) * 4
        for (let c = 0; c < 4 && !differs; c++)
          differs = Math.abs(a.data[i + c]! - b.data[j + c]!) > threshold
      }
      if (differs) {
        mask[y * width + x] = 1
        count++
      }
    }
  }
  return { count, total, mask }
}

/** The after image, faded to a pale grey, with the differing pixels red. */
async function writeDiff(file: string, after: Decoded, mask: Uint8Array, width: number, height: number) {
  const out = Buffer.alloc(width * height * 4)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4
      if (mask[y * width + x]) {
        out.set([220, 0, 0, 255], o)
        continue
      }
      const i = (y * after.width + x) * 4
      const inside = x < after.width && y < after.height
      const grey = inside ? after.data[i]! * 0.3 + after.data[i + 1]! * 0.59 + after.data[i + 2]! * 0.11 : 255
      const pale = Math.round(200 + grey * 0.2)
      out.set([pale, pale, pale, 255], o)
    }
  }
  await sharp(out, { raw: { width, height, channels: 4 } })
    .png()
    .toFile(file)
}

/** What index.json says changed beside the pixels: status, address after redirects, problems, bytes. */
function indexDifferences(before: string, after: string): string[] {
  const read = (dir: string) => {
    const file = join(dir, 'index.json')
    return existsSync(file)
      ? (JSON.parse(readFileSync(file, 'utf8')) as { pages: Record<string, PageRecord> })
      : null
  }
  const [a, b] = [read(before), read(after)]
  if (!a || !b) return ['(no index.json on both sides: statuses and problems not compared)']
  const lines: string[] = []
  for (const name of Object.keys(a.pages).filter((each) => each in b.pages)) {
    const [x, y] = [a.pages[name]!, b.pages[name]!]
    if (x.url !== y.url) lines.push(`${name}: address ${x.url} → ${y.url}`)
    if (x.status !== y.status) lines.push(`${name}: status ${x.status} → ${y.status}`)
    if (x.shown !== y.shown) lines.push(`${name}: shown at ${x.shown} → ${y.shown}`)
    if (x.sha256 !== y.sha256) lines.push(`${name}: the bytes of ${x.url} changed`)
    if ((x.problems ?? []).join('\n') !== (y.problems ?? []).join('\n'))
      lines.push(
        `${name}: problems ${JSON.stringify(x.problems ?? [])} → ${JSON.stringify(y.problems ?? [])}`,
      )
  }
  return lines
}

function printTable(head: string[], rows: string[][]): void {
  const widths = head.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  )
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd()
  console.log(line(head))
  console.log(line(widths.map((width) => '-'.repeat(width))))
  for (const row of rows) console.log(line(row))
}

// Last, once every constant above has its value.
const args = process.argv.slice(2)
const command = args[0]
if (command === 'shoot') await shoot(args.slice(1))
else if (command === 'compare') process.exitCode = await compare(args.slice(1))
else if (command === 'serve') await serve()
else usage()
