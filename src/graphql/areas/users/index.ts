/** The users area of the WPGraphQL schema (graphql/users.graphql). */
import type { Area } from '../../model';
import { AvatarModel } from './avatar';
import { createUser, deleteUser, registerUser, updateUser } from './mutations';
import { userByIdType, userModelById, userRole, userRoles, users, viewer } from './queries';
import { UserModel } from './user-model';
import { UserRoleModel } from './user-role';

export const usersArea: Area = {
  resolvers: {
    RootQuery: {
      user: (_: unknown, args: { id: string; idType?: string | null }, ctx) => userByIdType(ctx, args.id, args.idType),
      users,
      viewer,
      userRole,
      userRoles,
    },
    RootMutation: { createUser, updateUser, deleteUser, registerUser },
  },
  models: { User: UserModel, UserRole: UserRoleModel, Avatar: AvatarModel },
  nodes: { user: userModelById },
};
