// A small MCP server (the SDK's low-level Server over stdio) offering skills through the
// Skills extension, for the consumer tests. SKILLS_TAMPER=<skill> serves that skill's
// reference document with bytes that differ from the digest skills/list gives for it.
import { Buffer } from 'node:buffer';
import { createHash } from 'node:crypto';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

const FILES = {
  honest: {
    'SKILL.md':
      '---\nname: honest\ndescription: Files that match.\n---\n# Honest\nSee reference.md.\n',
    'reference.md': '# Reference\nAll good.\n',
  },
  tampered: {
    'SKILL.md': '---\nname: tampered\ndescription: A file that changed.\n---\n# Tampered\n',
    'reference.md': '# Reference\nOriginal.\n',
  },
};
const tamper = process.env.SKILLS_TAMPER;
const uri = (skill, path) => `skill://${skill}/${path}`;
const digest = (text) => `sha256:${createHash('sha256').update(text).digest('hex')}`;

const server = new Server(
  { name: 'skills-fixture', version: '1.0.0' },
  {
    capabilities: {
      tools: {},
      resources: {},
      extensions: { 'io.modelcontextprotocol/skills': {} },
    },
  },
);
server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [] }));
server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: [] }));
server.setRequestHandler(z.object({ method: z.literal('skills/list') }).passthrough(), () => ({
  skills: Object.entries(FILES).map(([name, files]) => ({
    uri: uri(name, 'SKILL.md'),
    frontmatter: { name, description: /description: (.*)/.exec(files['SKILL.md'])[1] },
    resources: Object.entries(files).map(([path, text]) => ({
      uri: uri(name, path),
      digest: digest(text),
      size: Buffer.byteLength(text),
    })),
  })),
}));
server.setRequestHandler(ReadResourceRequestSchema, (req) => {
  const m = /^skill:\/\/([^/]+)\/(.+)$/.exec(req.params.uri);
  let text = m ? FILES[m[1]]?.[m[2]] : undefined;
  if (text === undefined) throw new McpError(-32002, `No resource ${req.params.uri}`);
  if (m[1] === tamper && m[2] === 'reference.md') text = text.replace('Original', 'Changed');
  return { contents: [{ uri: req.params.uri, mimeType: 'text/markdown', text }] };
});
await server.connect(new StdioServerTransport());
