// The plant form, shared by the edit page, the new-plant page and the conflict page: names and description,
// plant or variety (with the parent), the attributes (change, remove, add), and the note every save needs.
// Every input has a label; a problem is shown under its field and tied to it for screen readers.
import { NEW_ROWS, type PlantFormValues, type Problems } from './plant-form-input.ts'
import { CsrfField, FormField, Notice, Problem, tiedTo } from '../common/form.tsx'
import { FIELD_LABELS } from '../common/change-words.tsx'
import { IN_METRES } from '../plant/plant.tsx'

export interface PlantFormProps {
  action: string
  csrf: string
  values: PlantFormValues
  problems: Problems
  /** The attribute keys in use, offered when adding one. */
  keys: string[]
  /** Frequent values of a key, offered for its value. */
  valueChoices: ReadonlyMap<string, string[]>
  /** 'edit' rows are the plant's attributes (a value or Remove); 'new' rows are suggestions, left empty at will. */
  mode: 'edit' | 'new'
  /** The version the form was read at (edits only). */
  version?: number
  submit: string
  cancel: { href: string; text: string }
}

export function PlantForm(props: PlantFormProps): JSX.Element {
  const { values, problems } = props
  const fieldProblems = Object.keys(problems).filter((id) => id !== 'form').length
  return (
    <form id="plant-form" class="plant-edit" action={props.action} method="post">
      <CsrfField token={props.csrf} />
      {props.version === undefined ? (
        ''
      ) : (
        <input type="hidden" name="version" value={String(props.version)} />
      )}
      {problems.form ? <Notice kind="problem" text={problems.form} /> : ''}
      {fieldProblems ? (
        <Notice kind="problem" text="Not saved yet: please check the fields marked below." />
      ) : (
        ''
      )}
      {/* A member who edits has usually seen a wrong value on the plant page: the attributes come first. */}
      {props.mode === 'edit' ? <AttributeFields {...props} /> : ''}
      <NameFields values={values} problems={problems} />
      {props.mode === 'new' ? <AttributeFields {...props} /> : ''}
      <KindFields values={values} problems={problems} />
      <FormField
        id="note"
        label={
          props.mode === 'edit'
            ? 'What did you change, and where is it from?'
            : 'Where is this information from?'
        }
        hint="For example “Height from the seed packet (Kings Seeds)” or “Grown in my garden since 2019”. Shown in the plant’s history with your name."
        problem={problems.note}
        control={(tie) => (
          <textarea id="note" name="note" rows="3" maxlength="2000" required {...tie} safe>
            {values.note}
          </textarea>
        )}
      />
      <p class="form-actions">
        <button type="submit" safe>
          {props.submit}
        </button>
        <a href={props.cancel.href} safe>
          {props.cancel.text}
        </a>
      </p>
      <script src="/static/suggest.js" defer></script>
    </form>
  )
}

function TextField(props: {
  id: string
  label: string
  value: string
  problems: Problems
  max: number
  hint?: string
  list?: string
  suggest?: boolean
}): JSX.Element {
  const { id } = props
  return (
    <FormField
      id={id}
      label={props.label}
      hint={props.hint}
      problem={props.problems[id]}
      control={(tie) => (
        <input
          id={id}
          name={id}
          value={props.value}
          maxlength={String(props.max)}
          list={props.list}
          autocomplete="off"
          data-suggest={props.suggest ? '' : undefined}
          {...tie}
        />
      )}
    />
  )
}

function NameFields({ values, problems }: { values: PlantFormValues; problems: Problems }): JSX.Element {
  return (
    <fieldset>
      <legend>Names and description</legend>
      <TextField id="name" label={FIELD_LABELS.name} value={values.name} problems={problems} max={300} />
      <TextField
        id="scientific_name"
        label={FIELD_LABELS.scientific_name}
        hint="The botanical name, e.g. Solanum lycopersicum."
        value={values.scientific_name}
        problems={problems}
        max={300}
      />
      <FormField
        id="description"
        label={FIELD_LABELS.description}
        problem={problems.description}
        control={(tie) => (
          <textarea id="description" name="description" rows="5" maxlength="20000" {...tie} safe>
            {values.description}
          </textarea>
        )}
      />
    </fieldset>
  )
}

function KindFields({ values, problems }: { values: PlantFormValues; problems: Problems }): JSX.Element {
  return (
    <fieldset>
      <legend>{FIELD_LABELS.type}</legend>
      <p class="field check">
        <input type="radio" id="type-plant" name="type" value="Plant" checked={values.type === 'Plant'} />
        <label for="type-plant">A plant (a species)</label>
      </p>
      <p class="field check">
        <input
          type="radio"
          id="type-variety"
          name="type"
          value="Variety"
          checked={values.type === 'Variety'}
        />
        <label for="type-variety">A variety of another plant, like “Roma” of Tomato</label>
      </p>
      {values.parentId === null ? (
        ''
      ) : (
        <>
          <input type="hidden" name="parent_id" value={String(values.parentId)} />
          <input type="hidden" name="parent_shown" value={values.parentShown} />
        </>
      )}
      <TextField
        id="parent"
        label={`${FIELD_LABELS.parent_id} (for a variety)`}
        hint="Start typing its name and pick it from the list, or type its id."
        value={values.parent}
        problems={problems}
        max={300}
        list="parent-suggestions"
        suggest
      />
      <datalist id="parent-suggestions"></datalist>
      <Problem id="type" problem={problems.type} />
    </fieldset>
  )
}

function AttributeFields(props: PlantFormProps): JSX.Element {
  const { values, problems, mode } = props
  const added = [...values.added]
  while (added.length < NEW_ROWS) added.push({ key: '', value: '' })
  return (
    <fieldset>
      <legend>Growing conditions and other attributes</legend>
      <p class="hint">
        {mode === 'edit'
          ? 'Change a value, tick “Remove” to delete an attribute, or add a new one at the end.'
          : 'Fill in what you know; leave the rest empty.'}
      </p>
      <div class="attribute-rows">
        {values.attributes.map(({ key, value, remove }, index) => {
          const choices = props.valueChoices.get(key) ?? []
          const id = `value_${index}`
          return (
            <div class="attribute-row">
              <input type="hidden" name={`key_${index}`} value={key} />
              <label for={id} safe>
                {IN_METRES.has(key) ? `${key}, in metres` : key}
              </label>
              <input
                id={id}
                name={id}
                value={value}
                maxlength="2000"
                list={choices.length ? `choices_${index}` : undefined}
                {...tiedTo(id, { hint: false, problem: problems[id] })}
              />
              {choices.length ? (
                <datalist id={`choices_${index}`}>
                  {choices.map((choice) => (
                    <option value={choice}></option>
                  ))}
                </datalist>
              ) : (
                ''
              )}
              {mode === 'edit' ? (
                <span class="remove">
                  <input
                    type="checkbox"
                    id={`remove_${index}`}
                    name={`remove_${index}`}
                    value="yes"
                    checked={remove}
                  />
                  <label for={`remove_${index}`}>
                    Remove<span class="visually-hidden" safe>{` ${key}`}</span>
                  </label>
                </span>
              ) : (
                ''
              )}
              <Problem id={id} problem={problems[id]} />
            </div>
          )
        })}
      </div>
      <div class="attribute-rows new">
        {added.map(({ key, value }, index) => (
          <div class="attribute-row">
            <FormField
              id={`new_key_${index}`}
              label="New attribute"
              labelHidden={` ${index + 1}`}
              problem={problems[`new_key_${index}`]}
              control={(tie) => (
                <input
                  id={`new_key_${index}`}
                  name={`new_key_${index}`}
                  value={key}
                  maxlength="100"
                  list="attribute-keys"
                  autocomplete="off"
                  {...tie}
                />
              )}
            />
            <FormField
              id={`new_value_${index}`}
              label="Its value"
              labelHidden={` ${index + 1}`}
              problem={problems[`new_value_${index}`]}
              control={(tie) => (
                <input
                  id={`new_value_${index}`}
                  name={`new_value_${index}`}
                  value={value}
                  maxlength="2000"
                  {...tie}
                />
              )}
            />
          </div>
        ))}
      </div>
      <datalist id="attribute-keys">
        {props.keys.map((key) => (
          <option value={key}></option>
        ))}
      </datalist>
    </fieldset>
  )
}
