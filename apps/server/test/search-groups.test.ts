import { maxSearchGroups, searchGroups, tooManyAlternatives } from '@app/contract/conventions/search';
import { describe, expect, it } from 'vitest';

describe('a list search read as alternatives of terms', () => {
  it('reads words as terms that must all be found, AND or not', () => {
    expect(searchGroups('')).toEqual([]);
    expect(searchGroups('  nurse  ')).toEqual([['nurse']]);
    expect(searchGroups('python react')).toEqual([['python', 'react']]);
    expect(searchGroups('python AND react')).toEqual([['python', 'react']]);
  });

  it('keeps a quoted phrase as one term, its spaces made single', () => {
    expect(searchGroups('"project manager" leeds')).toEqual([['project manager', 'leeds']]);
    expect(searchGroups('"project \t  manager"')).toEqual([['project manager']]);
    expect(searchGroups('"OR"')).toEqual([['OR']]);
  });

  it('reads OR in capitals as alternatives, and lower-case or and and as words', () => {
    expect(searchGroups('nurse OR carer')).toEqual([['nurse'], ['carer']]);
    expect(searchGroups('nurse or carer')).toEqual([['nurse', 'or', 'carer']]);
    expect(searchGroups('sql AND python OR java')).toEqual([['sql', 'python'], ['java']]);
  });

  it('multiplies out brackets', () => {
    expect(searchGroups('(nurse OR carer) leeds')).toEqual([
      ['nurse', 'leeds'],
      ['carer', 'leeds'],
    ]);
    expect(searchGroups('(a OR b) (c OR d)')).toEqual([
      ['a', 'c'],
      ['a', 'd'],
      ['b', 'c'],
      ['b', 'd'],
    ]);
    expect(searchGroups('x ((a OR b) y OR z)')).toEqual([
      ['x', 'a', 'y'],
      ['x', 'b', 'y'],
      ['x', 'z'],
    ]);
  });

  it('is lenient: unclosed quotes and brackets close at the end, a stray bracket or OR is ignored', () => {
    expect(searchGroups('"project manager')).toEqual([['project manager']]);
    expect(searchGroups('(nurse OR carer')).toEqual([['nurse'], ['carer']]);
    expect(searchGroups('nurse) leeds')).toEqual([['nurse', 'leeds']]);
    expect(searchGroups('OR nurse OR')).toEqual([['nurse']]);
    expect(searchGroups('nurse () leeds')).toEqual([['nurse', 'leeds']]);
    expect(searchGroups('nurse (OR) leeds')).toEqual([['nurse', 'leeds']]);
    expect(searchGroups('""')).toEqual([]);
    expect(searchGroups('OR AND ( )')).toEqual([]);
  });

  it('names each term once, drops an alternative another covers, and keeps eight terms an alternative', () => {
    expect(searchGroups('Nurse nurse')).toEqual([['Nurse']]);
    expect(searchGroups('nurse OR nurse leeds')).toEqual([['nurse']]);
    expect(searchGroups('a OR a')).toEqual([['a']]);
    expect(searchGroups('a b c d e f g h i j')).toEqual([['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']]);
  });

  it(`refuses more than ${maxSearchGroups} alternatives`, () => {
    const sixteen = Array.from({ length: 16 }, (_, n) => `w${n}`).join(' OR ');
    expect(searchGroups(sixteen)).toHaveLength(16);
    expect(() => searchGroups(`${sixteen} OR w16`)).toThrow(tooManyAlternatives);
    expect(() => searchGroups('(a OR b) (c OR d) (e OR f) (g OR h) (i OR j)')).toThrow(tooManyAlternatives);
    expect(() => searchGroups('(a OR b) '.repeat(22))).toThrow(tooManyAlternatives);
  });
});
