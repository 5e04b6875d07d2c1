export const contentMutations = {};
