import { describe, expect, it } from 'vitest';
import { editDistance, skillMatch, suggestSkills, type KnownSkill } from './skill-suggestions';

const known: KnownSkill[] = [
  { normalized: 'python', name: 'Python', count: 120 },
  { normalized: 'postgresql', name: 'PostgreSQL', count: 40 },
  { normalized: 'react', name: 'React', count: 90 },
  { normalized: 'react native', name: 'React Native', count: 12 },
  { normalized: 'typescript', name: 'TypeScript', count: 70 },
  { normalized: 'kubernetes', name: 'Kubernetes', count: 30 },
  { normalized: 'aws lambda', name: 'AWS Lambda', count: 8 },
  { normalized: 'c++', name: 'C++', count: 15 },
  { normalized: 'c#', name: 'C#', count: 25 },
];
const names = (text: string, limit = 10, exclude: string[] = []) =>
  suggestSkills(known, text, { limit, exclude }).map((skill) => skill.name);

describe('edit distance', () => {
  it('counts insertions, deletions, substitutions and adjacent swaps, and stops past the limit', () => {
    expect(editDistance('pyhton', 'python', 2)).toBe(1);
    expect(editDistance('kubernets', 'kubernetes', 2)).toBe(1);
    expect(editDistance('pithon', 'python', 2)).toBe(1);
    expect(editDistance('java', 'python', 2)).toBe(3);
    expect(editDistance('', 'abc', 5)).toBe(3);
  });
});

describe('skill suggestions', () => {
  it('suggests the most used skills first, in their usual spelling, for any case', () => {
    expect(names('')).toEqual([
      'Python',
      'React',
      'TypeScript',
      'PostgreSQL',
      'Kubernetes',
      'C#',
      'C++',
      'React Native',
      'AWS Lambda',
    ]);
    expect(names('RE')).toEqual(['React', 'React Native']);
    expect(names('p')).toEqual(['Python', 'PostgreSQL']);
    expect(names('', 3)).toEqual(['Python', 'React', 'TypeScript']);
  });

  it('puts starts-with before a word inside, before contains, before typos', () => {
    expect(names('na')).toEqual(['React Native']);
    expect(names('script')).toEqual(['TypeScript']);
    expect(skillMatch('lamb', 'aws lambda')).toBe('word');
    expect(skillMatch('gres', 'postgresql')).toBe('contains');
  });

  it('forgives a small typo once four letters are typed', () => {
    expect(names('pyhton')).toEqual(['Python']);
    expect(names('kubernets')).toEqual(['Kubernetes']);
    expect(names('typscr')).toEqual(['TypeScript']);
    expect(names('lamda')).toEqual(['AWS Lambda']);
    expect(names('pyt')).toEqual(['Python']);
    expect(names('pyh')).toEqual([]);
    expect(names('haskell')).toEqual([]);
  });

  it('keeps symbols and leaves out skills already chosen', () => {
    expect(names('c+')).toEqual(['C++']);
    expect(names('c#')).toEqual(['C#']);
    expect(names('re', 10, ['REACT'])).toEqual(['React Native']);
  });
});
