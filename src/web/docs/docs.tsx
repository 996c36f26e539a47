// The API docs at /docs: the OpenAPI document as a page. How to authenticate, then every operation by tag
// (parameters, body, responses, an example request and response), then the schemas the responses name.
import { ATTRIBUTION, Layout, type Viewer } from '../common/layout.tsx'
import {
  ANY_OTHER_NAME,
  KEY_ID_PLACEHOLDER,
  KEY_SECRET_PLACEHOLDER,
  type DocsView,
  type FieldView,
  type OperationView,
  type ResponseView,
  type SchemaView,
  type TypeView,
} from './docs.view.ts'

export function DocsPage(view: DocsView & { viewer: Viewer | null }): JSX.Element {
  return (
    <Layout title="API docs" viewer={view.viewer}>
      <div class="docs">
        <h1>API docs</h1>
        <p class="lead" safe>
          {`${view.title}, version ${view.version}. ${view.description}`}
        </p>
        <nav aria-labelledby="contents" class="toc">
          <h2 id="contents">Contents</h2>
          <ul>
            <li>
              <a href="#getting-started">Getting started</a>
            </li>
            {view.tags.map((tag) => (
              <li>
                <a href={`#${tag.name}`} safe>
                  {tag.title}
                </a>
                <ul>
                  {tag.operations.map((operation) => (
                    <li>
                      <a href={`#${operation.id}`}>
                        <code safe>{`${operation.method} ${operation.path}`}</code>{' '}
                        <span safe>{operation.summary}</span>
                      </a>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
            <li>
              <a href="#schemas">Schemas</a>
            </li>
          </ul>
        </nav>
        <GettingStarted view={view} />
        {view.tags.map((tag) => (
          <section aria-labelledby={tag.name}>
            <h2 id={tag.name} safe>
              {tag.title}
            </h2>
            <p safe>{tag.description}</p>
            {tag.operations.map((operation) => (
              <Operation operation={operation} />
            ))}
          </section>
        ))}
        <section aria-labelledby="schemas">
          <h2 id="schemas">Schemas</h2>
          <p>The named bodies the responses above return, field by field.</p>
          {view.schemas.map((schema) => (
            <Schema schema={schema} />
          ))}
        </section>
      </div>
    </Layout>
  )
}

function GettingStarted({ view }: { view: DocsView }): JSX.Element {
  const headerLines = `${view.keyIdHeader}: ${KEY_ID_PLACEHOLDER}\n${view.keySecretHeader}: ${KEY_SECRET_PLACEHOLDER}`
  return (
    <section aria-labelledby="getting-started">
      <h2 id="getting-started">Getting started</h2>
      <h3>Base URL</h3>
      <p>Every path below is relative to</p>
      <pre tabindex="0">
        <code safe>{view.baseUrl}</code>
      </pre>
      <p>
        Requests and responses are JSON. The OpenAPI 3.1 document this page is made from is at{' '}
        <a href={`${view.documentPath}/openapi.json`}>
          <code safe>{`${view.documentPath}/openapi.json`}</code>
        </a>
        , for code generators and API tools.
      </p>
      <h3>Keys</h3>
      <p>
        Every request carries a key pair in two headers, except the health check and the OpenAPI document:
      </p>
      <dl class="headers">
        <dt>
          <code safe>{view.keyIdHeader}</code>
        </dt>
        <dd>
          The key id (it starts with <code>hk_</code>). It names the key and is not secret: you quote it when
          you write to the operator.
        </dd>
        <dt>
          <code safe>{view.keySecretHeader}</code>
        </dt>
        <dd>
          The key secret, shown once when the key is created. Keep it private: Hortus stores only its hash, so
          a lost secret cannot be shown again; create a new key and revoke the old one.
        </dd>
      </dl>
      <pre tabindex="0">
        <code safe>{headerLines}</code>
      </pre>
      <p>
        Create a key on this website: sign in and open <a href="/account/keys">My API keys</a>. The operator
        can also create one with the command line (<code>hortus keys create --email you@example.org</code>).
        Keys are free for non-commercial use; commercial use is by agreement with the operator: ask them,
        naming your key id.
      </p>
      <p>A request without a valid key pair is refused with 401 and this body:</p>
      <pre tabindex="0">
        <code safe>{view.notAuthenticated}</code>
      </pre>
      <h3>Errors</h3>
      <p>
        Every error, whatever its status, is a JSON object with two strings: <code>error</code>, a short
        description that does not change (<code>not found</code>, <code>validation failed</code>), and{' '}
        <code>msg</code>, which says what was wrong and what to do about it. Each operation below lists the
        statuses it can answer with. A <code>503</code> carries <code>Retry-After</code>: try again after that
        many seconds.
      </p>
      <h3>Licence and credit</h3>
      <p>
        The data is licensed{' '}
        <a rel="license" href="https://creativecommons.org/licenses/by-sa/4.0/">
          CC BY-SA 4.0
        </a>
        . Credit it like this wherever you show it, and share what you build from it under the same licence:
      </p>
      <blockquote>{ATTRIBUTION}</blockquote>
    </section>
  )
}

function Operation({ operation }: { operation: OperationView }): JSX.Element {
  return (
    <section class="operation" aria-labelledby={operation.id}>
      <h3 id={operation.id}>
        <span class={`method method-${operation.method.toLowerCase()}`} safe>
          {operation.method}
        </span>{' '}
        <code safe>{operation.path}</code>
      </h3>
      <p safe>{operation.summary}</p>
      {operation.description ? <p safe>{operation.description}</p> : ''}
      {operation.needsKey ? '' : <p>No key needed.</p>}
      {operation.parameters.length ? <Fields caption="Parameters" fields={operation.parameters} where /> : ''}
      {operation.body ? <Fields caption="Request body (JSON)" fields={operation.body} /> : ''}
      <Responses responses={operation.responses} />
      <h4>Example request</h4>
      <pre tabindex="0">
        <code safe>{operation.exampleRequest}</code>
      </pre>
      <h4>Example response</h4>
      <pre tabindex="0">
        <code safe>{`HTTP ${operation.exampleStatus}\n${operation.exampleResponse}`}</code>
      </pre>
    </section>
  )
}

function Type({ type }: { type: TypeView }): JSX.Element {
  return (
    <>
      {type.map((part) =>
        'schema' in part ? (
          <a href={`#schema-${part.schema}`} safe>
            {part.schema}
          </a>
        ) : (
          <span safe>{part.text}</span>
        ),
      )}
    </>
  )
}

function Fields({
  caption,
  fields,
  where = false,
}: {
  caption: string
  fields: FieldView[]
  where?: boolean
}): JSX.Element {
  return (
    <div class="table-scroll">
      <table class="fields">
        <caption safe>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            {where ? <th scope="col">In</th> : ''}
            <th scope="col">Type</th>
            <th scope="col">Required</th>
            <th scope="col">Description</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => (
            <tr>
              <th scope="row">
                {field.name === ANY_OTHER_NAME ? <em>any other name</em> : <code safe>{field.name}</code>}
              </th>
              {where ? (
                <td data-label="In" safe>
                  {field.where ?? ''}
                </td>
              ) : (
                ''
              )}
              <td data-label="Type">
                <Type type={field.type} />
              </td>
              <td data-label="Required">{field.required ? 'yes' : 'no'}</td>
              <td safe>{field.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function Responses({ responses }: { responses: ResponseView[] }): JSX.Element {
  return (
    <div class="table-scroll">
      <table class="fields">
        <caption>Responses</caption>
        <thead>
          <tr>
            <th scope="col">Status</th>
            <th scope="col">Body</th>
            <th scope="col">Meaning</th>
          </tr>
        </thead>
        <tbody>
          {responses.map((response) => (
            <tr>
              <th scope="row" safe>
                {response.status}
              </th>
              <td data-label="Body">{response.type ? <Type type={response.type} /> : 'none'}</td>
              <td safe>{response.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function Schema({ schema }: { schema: SchemaView }): JSX.Element {
  return (
    <section class="schema" aria-labelledby={`schema-${schema.name}`}>
      <h3 id={`schema-${schema.name}`} safe>
        {schema.name}
      </h3>
      <p safe>{schema.description}</p>
      {schema.fields.length ? <Fields caption={`Fields of ${schema.name}`} fields={schema.fields} /> : ''}
    </section>
  )
}
