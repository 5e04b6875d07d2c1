/**
 * createUser / updateUser / deleteUser / registerUser with WPGraphQL's inputs, through the users
 * contract's write arguments (the REST face's sanitisers and messages) and the domain's writes.
 * The payload's user is loaded as the viewer may see it, as WPGraphQL's payloads load it. Our
 * `seo` input writes the author archive's Yoast fields (graphql/seo-additions.graphql).
 */
import { registerUser as registerAccount } from '../../../domain/users/register';
import { changesFrom, userWriteArgs } from '../../../domain/users/contract';
import { createUser as createAccount, deleteUser as deleteAccount, updateUser as updateAccount } from '../../../domain/users/users';
import type { CreateUserInput, DeleteUserInput, RegisterUserInput, UpdateUserInput } from '../../../generated/graphql';
import { argNames, checkedArgs, type ArgNames } from '../../contract-args';
import type { GraphQLContext } from '../../context';
import { databaseIdOf, toGlobalId } from '../../global-id';
import { userSeoChangesOfInput } from '../seo/input';
import { UserModel } from './user-model';
import { userModelById } from './queries';

const CREATE_ARGS = userWriteArgs('create');
const UPDATE_ARGS = userWriteArgs('update');

/** WPGraphQL's input field → the contract's (WordPress's REST) parameter. */
const INPUT_PARAMS: Record<string, string> = {
  username: 'username',
  password: 'password',
  email: 'email',
  websiteUrl: 'url',
  displayName: 'name',
  nicename: 'slug',
  nickname: 'nickname',
  firstName: 'first_name',
  lastName: 'last_name',
  description: 'description',
  locale: 'locale',
  roles: 'roles',
};
const PARAM_INPUTS = Object.fromEntries(Object.entries(INPUT_PARAMS).map(([input, param]) => [param, input]));
const NAMES: ArgNames = argNames('input', PARAM_INPUTS);

function params(input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, param] of Object.entries(INPUT_PARAMS)) {
    const value = input[field];
    if (value !== undefined && value !== null) out[param] = field === 'roles' ? (value as string[]).map((r) => r.toLowerCase()) : value;
  }
  return out;
}

/** Our `seo` input (UserSeoInput), checked by the domain as REST's `meta` and written in the user's transaction. */
function withSeo<C extends object>(changes: C, input: CreateUserInput | UpdateUserInput): C {
  const seo = userSeoChangesOfInput(input.seo);
  return seo ? { ...changes, seo } : changes;
}

async function payloadUser(ctx: GraphQLContext, id: number): Promise<UserModel | null> {
  // The write changed the row: later reads of this request must not see the cached one.
  ctx.domain.loaders.clear();
  return userModelById(ctx, id);
}

export async function createUser(_: unknown, { input }: { input: CreateUserInput }, ctx: GraphQLContext) {
  const changes = withSeo(changesFrom(checkedArgs(CREATE_ARGS, params(input), NAMES)), input);
  const user = await createAccount(ctx.domain, { ...changes, username: changes.username ?? '', email: changes.email ?? '', password: changes.password ?? '' });
  return { clientMutationId: input.clientMutationId, user: await payloadUser(ctx, user.id) };
}

export async function updateUser(_: unknown, { input }: { input: UpdateUserInput }, ctx: GraphQLContext) {
  const changes = withSeo(changesFrom(checkedArgs(UPDATE_ARGS, params(input), NAMES)), input);
  const user = await updateAccount(ctx.domain, databaseIdOf(input.id, 'user'), changes);
  return { clientMutationId: input.clientMutationId, user: await payloadUser(ctx, user.id) };
}

export async function deleteUser(_: unknown, { input }: { input: DeleteUserInput }, ctx: GraphQLContext) {
  const id = databaseIdOf(input.id, 'user');
  const reassign = input.reassignId ? databaseIdOf(input.reassignId, 'user') : false;
  const user = await deleteAccount(ctx.domain, id, { reassign });
  ctx.domain.loaders.clear();
  // The user as they were before the deletion.
  return { clientMutationId: input.clientMutationId, deletedId: toGlobalId('user', id), user: new UserModel(user) };
}

export async function registerUser(_: unknown, { input }: { input: RegisterUserInput }, ctx: GraphQLContext) {
  const changes = changesFrom(checkedArgs(CREATE_ARGS, { password: 'unused', ...params(input) }, NAMES));
  const user = await registerAccount(ctx.domain, {
    ...changes,
    username: changes.username ?? '',
    // No password given: the domain generates one (WordPress mails a link to set it).
    password: input.password ? changes.password : undefined,
  });
  return { clientMutationId: input.clientMutationId, user: await payloadUser(ctx, user.id) };
}
