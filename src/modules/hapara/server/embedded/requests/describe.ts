import { z } from 'zod';
import type { RequestRecord } from './repository';

/**
 * A request in words, as the requester's email and the operator's `requests list/show` say it:
 * 'Add student Aroha Ngata (7B)'. Payloads are read leniently (whatever is missing is left out),
 * so an odd payload still reads as something.
 */

const person = z.object({ firstname: z.string(), lastname: z.string(), class: z.string() }).partial();
const editPayload = person.extend({ email: z.string().optional(), before: person.extend({ email: z.string().optional() }).optional() });
const classesPayload = z.object({ classes: z.array(z.object({ mailbox: z.string() })) });

function named(value: z.infer<typeof person> | undefined): string {
  if (!value) return 'a student';
  const name = [value.firstname, value.lastname].filter(Boolean).join(' ') || 'a student';
  return value.class ? `${name} (${value.class})` : name;
}

export function describeRequest(request: Pick<RequestRecord, 'kind' | 'payload'>): string {
  switch (request.kind) {
    case 'add':
      return `Add student ${named(person.safeParse(request.payload).data)}`;
    case 'delete':
      return `Delete student ${named(person.safeParse(request.payload).data)}`;
    case 'edit': {
      const edit = editPayload.safeParse(request.payload).data;
      return `Change the details of ${named(edit?.before ?? edit)}`;
    }
    case 'classes': {
      const codes = classesPayload.safeParse(request.payload).data?.classes.map((c) => c.mailbox) ?? [];
      const shown = codes.slice(0, 5).join(', ') + (codes.length > 5 ? ', …' : '');
      return `Change ${codes.length} ${codes.length === 1 ? 'class' : 'classes'}${shown ? ` (${shown})` : ''}`;
    }
  }
}

/** The change in full, one line each (the operator's `requests show`). */
export function requestLines(request: Pick<RequestRecord, 'kind' | 'payload'>): string[] {
  const payload = request.payload;
  if (request.kind === 'edit') {
    const edit = editPayload.safeParse(payload).data;
    const before = edit?.before;
    const keys = ['firstname', 'lastname', 'class', 'email'] as const;
    return keys.map((key) => {
      const now = edit?.[key] ?? '';
      const was = before?.[key];
      return was === undefined || was === now ? `  ${key}: ${now}` : `  ${key}: ${was} -> ${now}`;
    });
  }
  if (request.kind === 'classes') {
    const parsed = z
      .object({ classes: z.array(z.object({ mailbox: z.string(), name: z.string(), teachers: z.array(z.string()), folders: z.array(z.string()) })) })
      .safeParse(payload);
    if (!parsed.success) return [`  ${JSON.stringify(payload)}`];
    return parsed.data.classes.map((c) => `  ${c.mailbox}: ${c.name}; teachers ${c.teachers.join(', ')}; folders ${c.folders.join(', ')}`);
  }
  if (typeof payload !== 'object' || payload === null) return [`  ${JSON.stringify(payload)}`];
  return Object.entries(payload).map(([key, value]) => `  ${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
}
