import { describe, expect, it } from 'vitest';
import {
  announcementText,
  announcementTokens,
  DEFAULT_SENTENCE,
  packTokens,
  sentenceProblem,
  spelledTokens,
  tokenSpeech,
} from './announcement.ts';

describe('an announcement, token by token', () => {
  it('says the sentence words, the number character by character and the station as a whole', () => {
    expect(announcementTokens(DEFAULT_SENTENCE, { number: 'A001', station: 'ลานชั่ง 1' })).toEqual([
      'เชิญหมายเลข',
      'A',
      '0',
      '0',
      '1',
      'ที่',
      'ลานชั่ง 1',
    ]);
  });

  it('spells a plate, skipping what the board masks, its spaces and dashes', () => {
    expect(spelledTokens('กข 12••')).toEqual(['ก', 'ข', '1', '2']);
    expect(spelledTokens('70-1234')).toEqual(['7', '0', '1', '2', '3', '4']);
    expect(
      announcementTokens('คิว {number} ทะเบียน {plate} เชิญที่ {station} ค่ะ', {
        number: 'b12',
        plate: '1กข 99',
        station: 'ห้องแล็บ',
      }),
    ).toEqual(['คิว', 'B', '1', '2', 'ทะเบียน', '1', 'ก', 'ข', '9', '9', 'เชิญที่', 'ห้องแล็บ', 'ค่ะ']);
  });

  it('leaves out a slot with no value, keeps an unknown slot as a word', () => {
    expect(announcementTokens('{number} {plate} {other}', { number: '7' })).toEqual(['7', '{other}']);
  });

  it('says a word named like an object member as it is written (found by the fuzzer)', () => {
    const words = ['constructor', 'toString', '__proto__', 'hasOwnProperty'];
    expect(words.map(tokenSpeech)).toEqual(words);
    expect(spelledTokens('constructor')).toEqual(['C', 'O', 'N', 'S', 'T', 'R', 'U', 'C', 'T', 'O', 'R']);
  });

  it('reads each character by its Thai name', () => {
    expect(['0', '9', 'A', 'W', 'ก', 'ฮ', 'ที่'].map(tokenSpeech)).toEqual([
      'ศูนย์',
      'เก้า',
      'เอ',
      'ดับเบิลยู',
      'กอ',
      'ฮอ',
      'ที่',
    ]);
  });

  it('captions the sentence with the values as written', () => {
    expect(announcementText(DEFAULT_SENTENCE, { number: 'A001', station: 'ลานชั่ง 1' })).toBe(
      'เชิญหมายเลข A001 ที่ ลานชั่ง 1',
    );
  });

  it('checks a sentence an admin types', () => {
    expect(sentenceProblem(DEFAULT_SENTENCE)).toBeNull();
    expect(sentenceProblem('   ')).toBe('empty');
    expect(sentenceProblem('เชิญที่ {station}')).toBe('no_number');
    expect(sentenceProblem('{number} {truck}')).toBe('unknown_slot');
    expect(sentenceProblem(`{number} ${'ก'.repeat(200)}`)).toBe('too_long');
  });

  it('a pack holds every character, the sentence words and the names', () => {
    const tokens = packTokens([DEFAULT_SENTENCE], ['ลานชั่ง 1', ' ลานชั่ง  1 ', 'ห้องแล็บ']);
    expect(tokens).toEqual(expect.arrayContaining(['0', '9', 'A', 'Z', 'ก', 'ฮ', 'เชิญหมายเลข', 'ที่']));
    expect(tokens.filter((t) => t === 'ลานชั่ง 1')).toHaveLength(1);
    expect(tokens).toContain('ห้องแล็บ');
  });
});
