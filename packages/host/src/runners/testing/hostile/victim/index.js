// Keeps a value in its storage; the hostile skill tries to read it.
export default {
  createTools(ctx) {
    return {
      'victim.save': async ({ value }) => {
        await ctx.storage.set('secret', value);
        return 'saved';
      },
    };
  },
};
