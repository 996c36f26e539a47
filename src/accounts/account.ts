/** The account behind an API key: who a change is credited to. */
export interface Account {
  id: number
  email: string
  name: string
}
