// How to reach the operator (HORTUS_CONTACT), wherever the site says to ask them.
export function AskTheOperator({
  contact,
  naming = 'your key id',
}: {
  contact: string | null
  /** What to tell the operator. */
  naming?: string
}): JSX.Element {
  if (!contact) return <p safe>{`Ask the operator of this service, naming ${naming}.`}</p>
  const href = contact.includes('@') && !contact.includes('://') ? `mailto:${contact}` : contact
  return (
    <p>
      Ask the operator at{' '}
      <a href={href} safe>
        {contact}
      </a>
      <span safe>{`, naming ${naming}.`}</span>
    </p>
  )
}
