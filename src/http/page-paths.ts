// Which requests are the website's pages: everything but the API and the picture files. Error replies,
// security headers and conditional GETs answer pages and the API differently.
export const isPagePath = (url: string): boolean =>
  !url.startsWith('/api/') && !/^\/api(?:[?#]|$)/.test(url) && !url.startsWith('/images/')
