import { GraphQLError, type ASTVisitor, type ValidationContext } from 'graphql';

/** Validation rule: a string literal holding U+0000 (written `\u0000` in the query) is refused like a variable holding one. */
export function noNulStringsRule(context: ValidationContext): ASTVisitor {
  return {
    StringValue(node) {
      if (node.value.includes('\u0000')) {
        context.reportError(new GraphQLError('String values must not contain the NUL character (U+0000)', { nodes: [node] }));
      }
    },
  };
}
