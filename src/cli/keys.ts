// `hortus keys create|list|revoke|approve-commercial`.
import { approveCommercialUse, createKeyPair, listKeys, revokeKey } from '../accounts/api-keys.ts'
import { CommandError, UsageError, parseCommandArgs, type Command } from './command.ts'

export const keysCommand: Command = ([action, ...args]) => {
  switch (action) {
    case 'create': {
      const { values } = parseCommandArgs('keys create', args, {
        email: { type: 'string' },
        name: { type: 'string' },
        label: { type: 'string' },
        json: { type: 'boolean' },
      })
      const email = values.email
      if (!email) throw new UsageError('keys create needs --email <email>.')
      return async (store) => {
        const pair = await createKeyPair(store, email, values.label ?? '', values.name)
        if (values.json) console.log(JSON.stringify(pair))
        else
          console.log(
            `Key created for ${email}. The secret is shown only now; store it safely.\n` +
              `  key id:     ${pair.key_id}\n  key secret: ${pair.key_secret}`,
          )
      }
    }
    case 'list': {
      const { values } = parseCommandArgs('keys list', args, {
        email: { type: 'string' },
        json: { type: 'boolean' },
      })
      return async (store) => {
        const keys = await listKeys(store, values.email ?? null)
        if (values.json) console.log(JSON.stringify(keys))
        else
          for (const key of keys) {
            const state = key.revoked_at
              ? `revoked ${key.revoked_at}`
              : key.commercial_at
                ? 'active, commercial'
                : 'active'
            console.log(
              `${key.key_id}  …${key.last_four}  ${key.email}  ${key.created_at}  ${state}  ${key.label}`,
            )
          }
      }
    }
    case 'revoke': {
      const keyId = parseCommandArgs('keys revoke', args, {}, 1).positionals[0]
      if (!keyId) throw new UsageError('keys revoke needs the key id.')
      return async (store) => {
        if (!(await revokeKey(store, keyId))) throw new CommandError(`No active key has id ${keyId}.`)
        console.log(`Key ${keyId} revoked.`)
      }
    }
    case 'approve-commercial': {
      const keyId = parseCommandArgs('keys approve-commercial', args, {}, 1).positionals[0]
      if (!keyId) throw new UsageError('keys approve-commercial needs the key id.')
      return async (store) => {
        if (!(await approveCommercialUse(store, keyId)))
          throw new CommandError(`No active key has id ${keyId}.`)
        console.log(`Key ${keyId} may now be used commercially; its owner sees the mark on the keys page.`)
      }
    }
    default:
      throw new UsageError('Use keys create, keys list, keys revoke or keys approve-commercial.')
  }
}
