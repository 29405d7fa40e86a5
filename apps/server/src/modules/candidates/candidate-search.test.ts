import { describe, expect, it } from 'vitest';
import {
  candidateSearchQuery,
  candidateSearchText,
  filterTerms,
  phoneTokens,
  searchMatchesOf,
  symbolTokens,
  textTokens,
} from './candidate-search';
import { searchPageStrategy, searchPlan } from './candidate-list.repository';

describe('search tokens', () => {
  it('splits text into lower-cased runs of letters and digits', () => {
    expect(textTokens("Ada O'Brien — ada.lovelace@analytical.example, Node.js/C#; Zoë ﬁle")).toEqual([
      'ada',
      'o',
      'brien',
      'ada',
      'lovelace',
      'analytical',
      'example',
      'node',
      'js',
      'c',
      'zoë',
      'file',
    ]);
    expect(textTokens('x'.repeat(100))).toEqual(['x'.repeat(60)]);
    expect(textTokens(null)).toEqual([]);
  });

  it('adds the phone as whole digits, the last 10 and the last 7', () => {
    expect(phoneTokens('+1 (206) 555-0100')).toEqual(['12065550100', '2065550100', '5550100']);
    expect(phoneTokens('555 01')).toEqual([]);
  });

  it('keeps each token once', () => {
    const text = candidateSearchText({
      firstName: 'Ada',
      lastName: 'Ada',
      email: 'ada@x.example',
      phone: '206 555 0100',
      skills: ['Go', 'go'],
      resumeText: 'Go go ADA',
    });
    expect(text.split(' ').sort()).toEqual(
      ['0100', '206', '2065550100', '555', '5550100', 'ada', 'example', 'go', 'x'].sort(),
    );
  });
});

describe('symbol spellings', () => {
  it('keeps C++, C#, F#, .NET, ASP.NET and Node.js whole beside their letters', () => {
    expect(symbolTokens('C++17, C#/.NET, F#; ASP.NET Core, Node.js and Vue.js (not node.json), Notepad++')).toEqual([
      'c++',
      'c#',
      '.net',
      'f#',
      'asp.net',
      'node.js',
      'vue.js',
      'notepad++',
    ]);
    expect(symbolTokens('#hashtag c+ a.b email@x.org')).toEqual([]);
    const text = candidateSearchText({ skills: ['C++', 'Node.js'] }).split(' ');
    expect(text).toEqual(expect.arrayContaining(['c', 'c++', 'node', 'js', 'node.js']));
  });

  it('searches a symbol spelling as itself, and its letters alone as before', () => {
    expect(candidateSearchQuery('C++')).toBe("'c++':*");
    expect(candidateSearchQuery('c#')).toBe("'c#':*");
    expect(candidateSearchQuery('.NET developer')).toBe("'.net':* & 'developer':*");
    expect(candidateSearchQuery('node.js')).toBe("'node.js':*");
    expect(candidateSearchQuery('c')).toBe("'c'");
  });
});

describe('where a search matched', () => {
  const candidate = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    currentTitle: 'Senior C++ Engineer',
    currentCompany: 'Analytical Engines',
    email: 'ada@analytical.example',
    phone: '+1 206 555 0100',
    skills: ['C++', 'C#', 'Python'],
    resumeText: `${'Intro words here. '.repeat(10)}Built the\n\nKubernetes platform in C++ for ${'many teams '.repeat(30)}`,
  };

  it('names each field with a matched word and marks whole words', () => {
    const matches = searchMatchesOf('c++ kube', candidate);
    expect(matches.map((match) => match.field)).toEqual(['title', 'skills', 'resume']);
    const [title, skills, resume] = matches;
    expect(title?.highlights.map(([start, end]) => title.text.slice(start, end))).toEqual(['C++']);
    expect(skills?.text).toBe('C++, C#, Python');
    expect(skills?.highlights).toEqual([[0, 3]]);
    expect(resume?.text.startsWith('…')).toBe(true);
    expect(resume?.text.endsWith('…')).toBe(true);
    expect(resume?.text).toContain('Built the Kubernetes platform in C++');
    expect(resume?.highlights.map(([start, end]) => resume.text.slice(start, end))).toEqual(['Kubernetes', 'C++']);
  });

  it('tells C# from C++, matches one-letter words whole, and marks the phone for its digits', () => {
    expect(searchMatchesOf('c#', candidate).map((match) => match.field)).toEqual(['skills']);
    expect(searchMatchesOf('a', candidate)).toEqual([]);
    expect(searchMatchesOf('ada analyt', candidate).map((match) => match.field)).toEqual(['name', 'company', 'email']);
    expect(searchMatchesOf('(206) 555-0100', candidate)).toEqual([
      { field: 'phone', text: '+1 206 555 0100', highlights: [[0, 15]] },
    ]);
    expect(searchMatchesOf('%', candidate)).toEqual([]);
  });
});

describe('search query', () => {
  it('ANDs prefixes of every word; one-letter words match whole tokens', () => {
    expect(candidateSearchQuery('Senior  Engineer python')).toBe("'senior':* & 'engineer':* & 'python':*");
    expect(candidateSearchQuery('c go')).toBe("'c' & 'go':*");
    expect(candidateSearchQuery('ada.lovelace@ana')).toBe("'ada':* & 'lovelace':* & 'ana':*");
  });

  it('reads phone numbers as one number or their groups', () => {
    expect(candidateSearchQuery('(206) 555-0100')).toBe("('2065550100':* | ('206':* & '555':* & '0100':*))");
    expect(candidateSearchQuery('+1 206 555 0100 smith')).toBe(
      "('2065550100':* | ('1' & '206':* & '555':* & '0100':*)) & 'smith':*",
    );
    expect(candidateSearchQuery('5550100')).toBe("'5550100':*");
    expect(candidateSearchQuery('2024 hired')).toBe("'2024':* & 'hired':*");
    // Digits glued to letters stay in their word.
    expect(candidateSearchQuery('ref1795357601656 zx-2065550100a')).toBe(
      "'ref1795357601656':* & 'zx':* & '2065550100a':*",
    );
  });

  it('never lets tsquery syntax through and ignores input without letters or digits', () => {
    expect(candidateSearchQuery("a'b & !c | d:* <-> (e)")).toBe("'a' & 'b' & 'c' & 'd' & 'e'");
    expect(candidateSearchQuery('%_ -- !!')).toBeNull();
    expect(candidateSearchQuery(undefined)).toBeNull();
    expect(candidateSearchQuery(Array.from({ length: 20 }, (_, i) => `word${i}`).join(' '))?.split(' & ')).toHaveLength(
      10,
    );
  });
});

describe('filter terms', () => {
  it('turns status, skills and an experience range into lexemes no typed word can match', () => {
    expect(filterTerms({ status: 'active', skills: ['python', "o'caml \\ ml"], years: [3, 5] })).toEqual([
      "'=status:active'",
      "'=skill:python'",
      "'=skill:o''caml \\\\ ml'",
      "('=y:3' | '=y:4' | '=y:5')",
    ]);
    expect(filterTerms({ years: [98, null] })).toEqual(["('=y:98' | '=y:99' | '=y:100')"]);
    expect(filterTerms({})).toEqual([]);
  });
});

describe('search page strategy', () => {
  it('walks the creation-time index when many match and collects the matches when few do', () => {
    expect(searchPageStrategy({ matches: 90_000, rows: 100_000, wanted: 10 })).toBe('walk');
    expect(searchPageStrategy({ matches: 90_000, rows: 100_000, wanted: 500 })).toBe('walk');
    expect(searchPageStrategy({ matches: 25_000, rows: 100_000, wanted: 10 })).toBe('walk');
    expect(searchPageStrategy({ matches: 25_000, rows: 100_000, wanted: 500 })).toBe('collect');
    expect(searchPageStrategy({ matches: 4_000, rows: 100_000, wanted: 10 })).toBe('collect');
    expect(searchPageStrategy({ matches: 4, rows: 100_000, wanted: 10 })).toBe('collect');
    expect(searchPageStrategy({ matches: 0, rows: 0, wanted: 10 })).toBe('collect');
  });
});

describe('search plan (decision 065)', () => {
  it('shows the estimate of a broad search only when it can be shown and the page is walked, else counts exactly', () => {
    expect(searchPlan({ estimate: 90_000, rows: 100_000, wanted: 10, estimateShown: true })).toBe('estimate');
    expect(searchPlan({ estimate: 90_000, rows: 100_000, wanted: 10, estimateShown: false })).toBe('count-then-page');
    expect(searchPlan({ estimate: 25_000, rows: 100_000, wanted: 500, estimateShown: true })).toBe('gather');
    expect(searchPlan({ estimate: 1_500, rows: 100_000, wanted: 10, estimateShown: false })).toBe('gather');
    expect(searchPlan({ estimate: 0, rows: 0, wanted: 10, estimateShown: false })).toBe('gather');
  });
});
