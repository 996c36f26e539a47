// Pictures for the tests and tools that upload one: made here, so that no binary file is kept.
import sharp from 'sharp'

/** A tomato on its leaves, as a JPEG a phone might send (1200 × 900). */
export const tomatoPhoto = (): Promise<Buffer> =>
  sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">' +
        '<rect width="1200" height="900" fill="#6f9e4f"/><circle cx="600" cy="470" r="300" fill="#c8281e"/>' +
        '<path d="M600 170 l-60 -50 l60 20 l60 -20 z" fill="#2f6b3a"/></svg>',
    ),
  )
    .jpeg({ quality: 85 })
    .toBuffer()
