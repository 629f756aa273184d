import { describe, expect, it } from 'vitest';
import { SseParser } from './sse';

describe('SSE parser', () => {
  it('dispatches on a blank line, joins data lines and skips keep-alive comments', () => {
    const p = new SseParser();
    expect(p.push('event: ready\ndata: {"a":1}\n\n')).toEqual([{ event: 'ready', data: '{"a":1}' }]);
    expect(p.push(': keep-alive\n\n')).toEqual([]);
    expect(p.push('data: line one\ndata: line two\n\n')).toEqual([{ event: 'message', data: 'line one\nline two' }]);
  });

  it('reassembles events split across chunks, including a CRLF cut in half', () => {
    const p = new SseParser();
    expect(p.push('event: tele')).toEqual([]);
    expect(p.push('metry\r')).toEqual([]);
    expect(p.push('\ndata: {"gatewayId":4}\r\n\r')).toEqual([]);
    expect(p.push('\n')).toEqual([{ event: 'telemetry', data: '{"gatewayId":4}' }]);
  });

  it('keeps the event name of one message from leaking into the next', () => {
    const p = new SseParser();
    const out = p.push('event: status\ndata: x\n\ndata: y\n\n');
    expect(out.map((m) => m.event)).toEqual(['status', 'message']);
  });
});
