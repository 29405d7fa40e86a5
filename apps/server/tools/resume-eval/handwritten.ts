/**
 * Resumes written by hand, in styles the generator does not produce (labelled European CV, a terse US
 * resume, a nurse's, a French one, a Markdown one). Their expected fields were typed from reading them.
 */
import type { Expected } from './generate';

export const HANDWRITTEN: Array<{ id: string; text: string; expected: Expected }> = [
  {
    id: 'hand-01-european-labelled',
    text: `CURRICULUM VITAE

Name: Katharina Vogelsang
Address: Lindenstraße 12, 10969 Berlin, Germany
Mobile: 0171 2345678
E-Mail: k.vogelsang@web.de

BERUFSERFAHRUNG
05/2019 - heute    Teamleiterin Buchhaltung, Müller & Söhne GmbH, Berlin
  - Monatsabschlüsse nach HGB und IFRS
  - Einführung von SAP S/4HANA
08/2014 - 04/2019  Bilanzbuchhalterin, Schuster AG, Potsdam

AUSBILDUNG
2010 - 2014 Freie Universität Berlin, B.Sc. Betriebswirtschaftslehre

KENNTNISSE
SAP, DATEV, MS Excel, IFRS, Englisch (C1)`,
    expected: {
      first_name: 'Katharina',
      last_name: 'Vogelsang',
      email: 'k.vogelsang@web.de',
      phone: '+491712345678',
      location: 'Berlin, Germany',
      linkedin_url: null,
      github_url: null,
      portfolio_url: null,
      current_title: 'Teamleiterin Buchhaltung',
      current_company: 'Müller & Söhne GmbH',
      years_experience: null,
      skills: ['SAP', 'Microsoft Excel', 'IFRS'],
    },
  },
  {
    id: 'hand-02-terse-us',
    text: `TYLER J. BROOKS
Chicago, IL • (312) 555-2368 • tyler.brooks@outlook.com • tylerbrooks.io

OBJECTIVE
Backend role on a small product team.

EXPERIENCE
Software Engineer — Brightline Health (Mar 2021 – Present)
- Go services on AWS Lambda, Postgres, Terraform
- Cut p99 latency from 900 ms to 120 ms
Junior Developer — Cobalt Insurance (Jun 2018 – Feb 2021)
- Maintained Java/Spring apps; wrote Python tooling

EDUCATION
B.S. Computer Science, University of Illinois Urbana-Champaign, 2018

I am not interested in PHP or WordPress work.`,
    expected: {
      first_name: 'Tyler J.',
      last_name: 'Brooks',
      email: 'tyler.brooks@outlook.com',
      phone: '+13125552368',
      location: 'Chicago, IL',
      linkedin_url: null,
      github_url: null,
      portfolio_url: 'https://tylerbrooks.io',
      current_title: 'Software Engineer',
      current_company: 'Brightline Health',
      years_experience: null,
      skills: ['Go', 'AWS Lambda', 'PostgreSQL', 'Terraform', 'Java', 'Spring', 'Python'],
    },
  },
  {
    id: 'hand-03-nurse',
    text: `Adaeze Nwachukwu, RN
Registered Nurse
Lagos, Nigeria | +234 803 555 0199 | adaeze.nwachukwu@gmail.com
linkedin.com/in/adaeze-nwachukwu

Professional Summary
Compassionate ICU nurse with eight years of critical care experience.

Work History
Lagos University Teaching Hospital
Senior Staff Nurse, Intensive Care Unit        2019 - Present
• Patient care for ventilated patients; medication administration; wound care
• Trained 14 new nurses on the EMR system
Reddington Hospital
Staff Nurse        2016 - 2019

Certifications
BLS, ACLS

Education
University of Nigeria, Nsukka — Bachelor of Nursing Science, 2016`,
    expected: {
      first_name: 'Adaeze',
      last_name: 'Nwachukwu',
      email: 'adaeze.nwachukwu@gmail.com',
      phone: '+2348035550199',
      location: 'Lagos, Nigeria',
      linkedin_url: 'https://linkedin.com/in/adaeze-nwachukwu',
      github_url: null,
      portfolio_url: null,
      current_title: 'Senior Staff Nurse, Intensive Care Unit',
      current_company: 'Lagos University Teaching Hospital',
      years_experience: null,
      skills: [
        'Patient Care',
        'Medication Administration',
        'Wound Care',
        'Electronic Health Records',
        'Basic Life Support',
        'Advanced Cardiac Life Support',
        'Critical Care',
        'Nursing',
      ],
    },
  },
  {
    id: 'hand-04-french',
    text: `Camille Lefort
Cheffe de projet marketing digital
06 12 34 56 78 — camille.lefort@proton.me — Nantes, France

EXPÉRIENCE PROFESSIONNELLE
Depuis janv. 2022 : Cheffe de projet marketing digital, Maison Lumière SAS
Campagnes Google Ads, SEO, emailing (Mailchimp), suivi Google Analytics.
sept. 2018 – déc. 2021 : Chargée de communication, Ville de Rennes

FORMATION
Master Marketing, Université de Nantes, 2018

COMPÉTENCES
SEO, Google Ads, Google Analytics, Mailchimp, Canva, Anglais courant`,
    expected: {
      first_name: 'Camille',
      last_name: 'Lefort',
      email: 'camille.lefort@proton.me',
      phone: '+33612345678',
      location: 'Nantes, France',
      linkedin_url: null,
      github_url: null,
      portfolio_url: null,
      current_title: 'Cheffe de projet marketing digital',
      current_company: 'Maison Lumière SAS',
      years_experience: null,
      skills: ['Search Engine Optimization', 'Google Ads', 'Google Analytics', 'Mailchimp', 'Canva'],
    },
  },
  {
    id: 'hand-05-markdown',
    text: `# Arjun Mehta
**Data Engineer** · Hyderabad, India · +91 98480 22338 · arjun.mehta@gmail.com · github.com/arjunm

## Experience
### Data Engineer — Flipkart (2021–present)
- Airflow + dbt pipelines into BigQuery; 2 TB/day
- Spark streaming jobs on GCP
### Associate — Infosys Ltd (2018–2021)
- SQL reporting for a UK bank client

## Skills
Python, SQL, Apache Airflow, dbt, BigQuery, Spark, GCP, Docker

## Education
B.Tech, Computer Science — JNTU Hyderabad, 2018`,
    expected: {
      first_name: 'Arjun',
      last_name: 'Mehta',
      email: 'arjun.mehta@gmail.com',
      phone: '+919848022338',
      location: 'Hyderabad, India',
      linkedin_url: null,
      github_url: 'https://github.com/arjunm',
      portfolio_url: null,
      current_title: 'Data Engineer',
      current_company: 'Flipkart',
      years_experience: null,
      skills: ['Python', 'SQL', 'Apache Airflow', 'dbt', 'BigQuery', 'Apache Spark', 'Google Cloud', 'Docker'],
    },
  },
];
