/** The account behind an API key: who a change is credited to. */
export interface Account {
  id: number
  email: string
  name: string
}

/** Who a save is credited to: an account, or the system (the importer) with no account id. */
export interface Author {
  id: number | null
  name: string
}
