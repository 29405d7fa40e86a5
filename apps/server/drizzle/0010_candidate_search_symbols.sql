-- Skill spellings with symbols become search tokens of their own (decision 031, candidate-search.ts
-- SYMBOL_TOKEN): "c++", "c#", "f#", ".net", "asp.net", "node.js" beside their letters, so C++ and C#
-- find different people. The application derives search_text on every save; this adds the new tokens
-- to the rows saved before, with an SQL approximation of the same pattern. The trigger
-- candidates_search_sync (migration 0007) rebuilds each changed row's vector in candidate_search; the
-- vector function needs no change (it indexes search_text's tokens as they are).
UPDATE "candidates" AS c SET
	"search_text" = c."search_text" || coalesce((
		SELECT string_agg(DISTINCT ' ' || left(m[1], 60), '')
		FROM regexp_matches(
			lower(normalize(concat_ws(' ', c."first_name", c."last_name", c."email", c."phone", c."current_title", c."current_company", array_to_string(c."skills", ' '), c."resume_text"), NFKC)),
			'(?<![[:alnum:]])(\.net|[[:alnum:]]+(?:\.[[:alnum:]]+)*\.(?:js|net)|[[:alnum:]]+(?:\+\+|#))(?![[:alpha:]+#])',
			'g') AS m
		WHERE NOT (left(m[1], 60) = ANY (string_to_array(c."search_text", ' ')))
	), '')
WHERE concat_ws(' ', c."current_title", c."current_company", c."email", array_to_string(c."skills", ' '), c."resume_text") ~* '(\+\+|#|\.js|\.net)';
