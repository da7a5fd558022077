/**
 * The `variables` argument of every call that runs a document, followed by the call's own trailing
 * arguments (`TRest`, all optional): required when the document's variables have a required field
 * (`$id: ID!`), optional when they have none (optional fields only, no variables, or a plain string
 * document, whose variables are `Variables`). Spread it as rest parameters:
 * `(document, ...[variables, options]: VariablesArgs<TVariables, [options?: Options]>)`.
 *
 * `NoInfer`: the document alone fixes `TVariables`, so a wrong variable is an error at the variable,
 * not a silently widened type. `{}`, an object without fields, satisfies exactly the variables
 * types that require none.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type VariablesArgs<TVariables, TRest extends unknown[] = []> = {} extends TVariables
  ? [variables?: NoInfer<TVariables>, ...rest: TRest]
  : [variables: NoInfer<TVariables>, ...rest: TRest];
