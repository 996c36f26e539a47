// `hortus keys create|list|revoke`.
import { parseArgs } from 'node:util'
import { createKeyPair, listKeys, revokeKey } from '../accounts/api-keys.ts'
import { UsageError, type Command } from './command.ts'

export const keysCommand: Command = async (args, { store }) => {
  const [action, ...rest] = args
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { email: { type: 'string' }, label: { type: 'string' }, json: { type: 'boolean' } },
  })

  switch (action) {
    case 'create': {
      if (!values.email) throw new UsageError('keys create needs --email <email>.')
      const pair = await createKeyPair(store, values.email, values.label ?? '')
      if (values.json) console.log(JSON.stringify(pair))
      else
        console.log(
          `Key created for ${values.email}. The secret is shown only now; store it safely.\n` +
            `  key id:     ${pair.key_id}\n  key secret: ${pair.key_secret}`,
        )
      return
    }
    case 'list': {
      const keys = await listKeys(store, values.email ?? null)
      if (values.json) console.log(JSON.stringify(keys))
      else
        for (const key of keys) {
          const state = key.revoked_at ? `revoked ${key.revoked_at}` : 'active'
          console.log(
            `${key.key_id}  …${key.last_four}  ${key.email}  ${key.created_at}  ${state}  ${key.label}`,
          )
        }
      return
    }
    case 'revoke': {
      const keyId = positionals[0]
      if (!keyId) throw new UsageError('keys revoke needs the key id.')
      if (!(await revokeKey(store, keyId))) throw new UsageError(`No active key has id ${keyId}.`)
      console.log(`Key ${keyId} revoked.`)
      return
    }
    default:
      throw new UsageError('Use keys create, keys list or keys revoke.')
  }
}
