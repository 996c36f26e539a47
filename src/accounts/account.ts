/** The account behind an API key: who a change is credited to. */
export interface Account {
  id: number
  email: string
  name: string
}

/** A verified API key: whose it is, and whether the operator approved it for commercial use (such keys
 * have their own, higher limits). */
export interface VerifiedKey {
  account: Account
  commercial: boolean
}

/** Who a save is credited to: an account, or the system (the importer) with no account id. */
export interface Author {
  id: number | null
  name: string
}
