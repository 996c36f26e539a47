// Pests and diseases: on the plant page their names, the most severe first; on the plant's problems page
// (/plants/<slug>/problems) each opening to what a gardener sees, what to do (organic measures, as the
// source gives them) and how to prevent it.
import type { PlantProblems } from '../../problems/problems.service.ts'
import { firstAndRest, ShowAll } from './show-all.tsx'

export function PlantProblemList({ problems }: { problems: PlantProblems }): JSX.Element {
  if (problems.problems.length === 0) return <></>
  const sources = [
    ...new Map(problems.problems.flatMap(({ source }) => (source ? [[source.name, source]] : []))).values(),
  ]
  return (
    <section aria-labelledby="problems">
      <h2 id="problems">Pests and diseases</h2>
      {problems.from_parent ? <p>As for the plant this is a variety of.</p> : ''}
      <ul class="problems">
        {problems.problems.map((problem) => (
          <li>
            <details>
              <summary>
                <span safe>{problem.name}</span>{' '}
                <span class="problem-kind" safe>
                  {[problem.type, problem.severity ? `severity ${problem.severity}` : '']
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </summary>
              {problem.symptoms ? (
                <p>
                  <b>What you see:</b> <span safe>{problem.symptoms}</span>
                </p>
              ) : (
                ''
              )}
              {problem.management.length ? (
                <>
                  <p>
                    <b>What to do:</b>
                  </p>
                  <ul>
                    {problem.management.map((step) => (
                      <li safe>{step}</li>
                    ))}
                  </ul>
                </>
              ) : (
                ''
              )}
              {problem.prevention ? (
                <p>
                  <b>Prevention:</b> <span safe>{problem.prevention}</span>
                </p>
              ) : (
                ''
              )}
            </details>
          </li>
        ))}
      </ul>
      {sources.length ? (
        <p class="note">
          {'From '}
          {sources.map((source, index) => (
            <>
              {index ? ', ' : ''}
              {source.url ? (
                <a href={source.url} safe>
                  {source.name}
                </a>
              ) : (
                <span safe>{source.name}</span>
              )}
            </>
          ))}
          .
        </p>
      ) : (
        ''
      )}
    </section>
  )
}

/** The plant page's short form: the names by kind, the most severe first and the rest behind "Show all",
 * and the way to the full records. */
export function PlantProblemSummary({
  problems,
  link,
}: {
  problems: PlantProblems
  link: string
}): JSX.Element {
  if (problems.problems.length === 0) return <></>
  const kinds = [
    ['Pests', problems.problems.filter(({ type }) => type === 'pest')],
    ['Diseases', problems.problems.filter(({ type }) => type === 'disease')],
  ] as const
  return (
    <section aria-labelledby="problems">
      <h2 id="problems">Pests and diseases</h2>
      {problems.from_parent ? <p>As for the plant this is a variety of.</p> : ''}
      <dl class="problem-names">
        {kinds.map(([kind, list]) =>
          list.length ? (
            <div>
              <dt>{kind}</dt>
              <dd>
                <FirstNames kind={kind} list={list} />
              </dd>
            </div>
          ) : (
            ''
          ),
        )}
      </dl>
      <p>
        <a href={`${link}/problems`}>What each looks like, what to do about it, and how to prevent it</a>
      </p>
    </section>
  )
}

/** A kind's names, the first few and then the rest behind "Show all 33 pests". */
function FirstNames({ kind, list }: { kind: string; list: { name: string }[] }): JSX.Element {
  const { first, rest } = firstAndRest(list.map(({ name }) => name))
  return (
    <>
      <span safe>{first.join(', ')}</span>
      {rest.length ? (
        <ShowAll total={list.length} noun={kind.toLowerCase()}>
          <span safe>{rest.join(', ')}</span>
        </ShowAll>
      ) : (
        ''
      )}
    </>
  )
}
