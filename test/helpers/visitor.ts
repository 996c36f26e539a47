// A visitor of the website over real HTTP, without a browser: keeps its cookies, follows no redirect on
// its own (tests look at them), and posts forms with the CSRF token of the last page it was shown.
export interface Visit {
  status: number
  headers: Headers
  html: string
  /** Where a redirect points, else null. */
  location: string | null
  /** The Set-Cookie lines of this answer. */
  cookies: string[]
}

export class Visitor {
  private readonly cookies = new Map<string, string>()
  /** The CSRF token of the last page that had a form. */
  csrf = ''

  constructor(
    readonly baseUrl: string,
    private readonly extraHeaders: Record<string, string> = {},
  ) {}

  get(path: string): Promise<Visit> {
    return this.send('GET', path)
  }

  /** Posts a form as a browser does (urlencoded), with the CSRF token unless `_csrf` is given. */
  post(path: string, fields: Record<string, string> = {}): Promise<Visit> {
    return this.send('POST', path, new URLSearchParams({ _csrf: this.csrf, ...fields }).toString())
  }

  /** The value of one of this visitor's cookies. */
  cookie(name: string): string | undefined {
    return this.cookies.get(name)
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value)
  }

  private async send(method: string, path: string, body?: string): Promise<Visit> {
    const headers: Record<string, string> = { ...this.extraHeaders }
    if (this.cookies.size > 0)
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded'
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body, redirect: 'manual' })
    const html = await response.text()
    const cookies = response.headers.getSetCookie()
    for (const line of cookies) {
      const [pair = ''] = line.split(';')
      const [name = '', ...value] = pair.split('=')
      const expired = /max-age=0|expires=thu, 01 jan 1970/i.test(line)
      if (expired) this.cookies.delete(name.trim())
      else this.cookies.set(name.trim(), value.join('='))
    }
    const token = /name="_csrf" value="([^"]+)"/.exec(html)
    if (token) this.csrf = token[1]!
    return {
      status: response.status,
      headers: response.headers,
      html,
      location: response.headers.get('location'),
      cookies,
    }
  }
}

/** The visible text of a page, tags removed and spaces collapsed. */
export const textOf = (html: string): string =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()
