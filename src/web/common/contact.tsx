// How to reach the operator (HORTUS_CONTACT), wherever the site says to ask them.
export function AskTheOperator({ contact }: { contact: string | null }): JSX.Element {
  if (!contact) return <p>Ask the operator of this service, naming your key id.</p>
  const href = contact.includes('@') && !contact.includes('://') ? `mailto:${contact}` : contact
  return (
    <p>
      Ask the operator at{' '}
      <a href={href} safe>
        {contact}
      </a>
      , naming your key id.
    </p>
  )
}
