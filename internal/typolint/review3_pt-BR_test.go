package typolint

import (
	"testing"
)

// TestReview3Portuguese checks each rule of review3_pt-BR.go on the fault
// as the review of 2026-11-29 quoted it and on the sentence that replaced
// it.
func TestReview3Portuguese(t *testing.T) {
	tests := []reviewCase{
		{"Então uma casa que veja cada 6 ou 9 de A e de E não pode tê-lo.", "the English skeleton: a cell that sees every 9 of A and B (Portuguese)"},
		{"Portanto, nenhuma casa que veja todos os lugares de Z em A e em E pode ter Z, seja ele 6 ou 9.", ""},
		{"Cada 5 de A vê cada 5 de B: no máximo um dos dois tem o 5.", ""},
		{"Dois conjuntos quase travados, cada um com um dígito a mais que casas, dividem 3, 5 e 8.", "dividir before bare digits (reads as division)"},
		{"Dois conjuntos quase travados, cada um com um dígito a mais que casas, têm em comum os dígitos 3, 5 e 8.", ""},
		{"r1c1 e r1c3 dividem a linha 1, então não podem ter o mesmo dígito.", ""},
		{"Uma cadeia de casas em que cada casa divide um dígito com a seguinte", "dividir before bare digits (reads as division)"},
		{"A divide com B um dígito comum restrito, X", "dividir before bare digits (reads as division)"},
		{"Uma cadeia de casas em que cada casa tem um dígito em comum com a seguinte; e dividem uma unidade onde um dígito só cabe nelas", ""},
		{"Os modelos são difíceis de fazer à mão; são o olhar do computador sobre os padrões.", "a calque the pt-BR review of 2026-11-29 named"},
		{"Em uma cadeia de elos fortes, uma cor é o dígito e a outra não é.", "a calque the pt-BR review of 2026-11-29 named"},
		{"Então uma casa que veja todos os lugares de 3 nos dois conjuntos não pode tê-lo.", "a digit after de without its article"},
		{"um desses dígitos num conjunto (ou de 2 e 7 nos dois) não pode tê-lo.", "a digit after de without its article"},
		{"Então nenhuma casa que veja todos os lugares do 3 nos dois conjuntos pode ser 3.", ""},
		{"e todo outro dígito de um conjunto está nele.", "the English skeleton: every other digit"},
		{"e os demais dígitos de cada conjunto ficam nele.", ""},
		{"r1c9 só tem 8 e 9, então as duas não podem ser 8 e 9.", "the exclusion wording the review named (as duas, esvazia, falha)"},
		{"r1c1 não poderia ser 4 (esvazia r3c2)", "the exclusion wording the review named (as duas, esvazia, falha)"},
		{"o que sobra para r3c5 e r3c6 falha: 1 e 1", "the exclusion wording the review named (as duas, esvazia, falha)"},
		{"Se r4c6 fosse 7, todo par de dígitos para r1c1 e r1c2 falharia: 1 e 2.", "the exclusion wording the review named (as duas, esvazia, falha)"},
		{"r1c9 só tem 8 e 9, então as duas não podem ter, juntas, os dígitos 8 e 9; 4 (deixaria r3c2 vazia); nenhuma das combinações que sobram serve", ""},
		{`elos que alternam entre "um dos dois é verdadeiro" e "os dois não podem ser verdadeiros"`, "straight quotes in Portuguese"},
		{"elos que alternam entre “um dos dois é verdadeiro” e “os dois não podem ser verdadeiros”", ""},
		{"r8c7 só pode ser 4, 5 ou 6; siga cada caso: todos terminam no mesmo lugar.", "the English skeleton: the cases end in the same place"},
		{"r8c7 só pode ser 4, 5 ou 6; siga cada caso: todos levam à mesma conclusão.", ""},
		{"se uma barbatana for 9, nenhuma casa que a vê pode ser 9", "the indicative after nenhuma casa que"},
		{"se uma barbatana for 9, nenhuma casa que a veja pode ser 9", ""},
		{"Uma casa da qual o peixe tiraria o dígito e que vê todas as barbatanas perde esse dígito.", ""},
		{"Se nenhuma barbatana for 9, o padrão Água-viva com blocos vale:", "a technique name capitalised mid-sentence (Portuguese)"},
		{"Como um X-Wing ou um Peixe-espada, mas com blocos entre as unidades", "a technique name capitalised mid-sentence (Portuguese)"},
		{"Se nenhuma barbatana for 9, o padrão “Água-viva com blocos” vale: … Como um X-Wing ou um peixe-espada", ""},
		{"De qualquer jeito o 5 está numa das duas pontas", "no comma after de qualquer jeito"},
		{"De qualquer jeito, o 5 está numa das duas pontas; esse candidato cai de qualquer jeito.", ""},
		{"(r9c2 e r9c3: um conjunto quase travado de 1, 3, 4 e 9; sem o 8, …)", "the English skeleton: an almost locked set of digits (Portuguese)"},
		{"(r9c2 e r9c3: um conjunto quase travado com os dígitos 1, 3, 4 e 9; sem o 8, elas ficam com …)", ""},
		{"que veem, as duas, r8c2 e lhe deixam 6", "a digit left to a cell without its article"},
		{"que veem, as duas, r8c2 e só lhe deixam o 6", ""},
		{"r1c5 e r3c6 são as duas B e dividem o bloco 2, então não podem ser 1 as duas.", "the English skeleton: cannot both be (Portuguese)"},
		{"r1c5 e r3c6 são ambas da cor B e estão no bloco 2, então não podem ser 1 ao mesmo tempo.", ""},
		{"  Se só tivesse 1 e 5, eles se alternariam ao longo do laço;", "se só tivesse with no subject"},
		{"formam um retângulo em duas linhas, duas colunas e dois blocos: se só tivesse 2 e 3, os dois dígitos", "se só tivesse with no subject"},
		{"formam um retângulo em duas linhas, duas colunas e dois blocos: se os quatro cantos só tivessem 2 e 3", ""},
		{"Um laço de seis ou mais casas seria um padrão mortal se só tivesse dois dígitos", ""},
		{"formam um par nu na coluna 6, então 4 e 8 não podem ir em nenhum outro lugar da coluna 6.", "digits as subject without o or os dígitos"},
		{"então 7 (em A e em B) está em A ou em B.", "digits as subject without o or os dígitos"},
		{"Para 2 e 5 só sobram as casas do cruzamento.", "digits as subject without o or os dígitos"},
		{"então cada casa fica com um dígito diferente: 2 e 5 vão cada um exatamente uma vez", "digits as subject without o or os dígitos"},
		{"Então 2 e 5 não estão em nenhum outro lugar da linha 4.", "digits as subject without o or os dígitos"},
		{"então os dígitos 4 e 8 não podem ir …; então o 7 (presente em A e em B) está …; Para os dígitos 2 e 5, só sobram …", ""},
		{"Todos os modelos do 9 que sobram o colocam nas mesmas poucas casas: essas casas precisam tê-lo.", "a calque the pt-BR review of 2026-11-29 named"},
		{"no máximo um de A e C tem o 7, e no máximo um de B e C tem o 8.", "a calque the pt-BR review of 2026-11-29 named"},
		{"r4c6 e r5c6 têm os dois um 7 no bloco 5", "a calque the pt-BR review of 2026-11-29 named"},
		{"7 não é uma opção: diga on ou off", "a calque the pt-BR review of 2026-11-29 named"},
		{"Seu tabuleiro é privado, então ninguém leva spoiler.", "a calque the pt-BR review of 2026-11-29 named"},
		{"Todos os modelos do 9 que sobram o colocam sempre nas mesmas casas; r4c6 e r5c6 têm, as duas, um 7; `/sudoku lembrete estado:desligado` desliga.", ""},
	}
	checkReview(t, "pt-BR", tests, nil)
}

// TestReview3bPortuguese checks each rule of the second reading of
// 2026-11-29 on the fault as that reading quoted it and on the sentence
// that replaced it.
func TestReview3bPortuguese(t *testing.T) {
	tests := []reviewCase{
		{"portanto, o 3 está num dos dois conjuntos: o 3 está em A (r2c5) e em B (r1c8 e r3c8).", "the English skeleton: a digit that sits in A and B (está for aparece)"},
		{"    O 3 está em A (r2c5) e em B (r1c8 e r3c8).", "the English skeleton: a digit that sits in A and B (está for aparece)"},
		{"portanto, o 3 está num dos dois conjuntos. Como candidato, ele aparece em A (r2c5) e em B (r1c8 e r3c8).", ""},
		{"Assim, o 9 está em A ou em E.", ""},
		{"Pétala do 5: r1c1, r2c1 e r2c2 no bloco 1 só têm 2, 5, 7 e 9; r1c9 vê seu 5 em r1c1.", "the English skeleton: a petal's digit called the stem's own (Portuguese)"},
		{"Pétala do 5: r1c1, r2c1 e r2c2 no bloco 1 só têm 2, 5, 7 e 9; r1c9 vê o 5 desta pétala em r1c1.", ""},
		{"r9c6 não é 3 (par escondido: 5 e 8 então só cabem em r4c6 e r9c6 na coluna 6)", "a hidden pair's digits as subject without os dígitos"},
		{"r9c6 não é 3 (par escondido: os dígitos 5 e 8 então só cabem em r4c6 e r9c6 na coluna 6)", ""},
		{"Nenhum dos modelos do 8 que sobram passa por algumas das casas candidatas: essas casas não podem ser 8.", "the English skeleton: none of the templates uses some cells"},
		{"Há casas candidatas por onde não passa nenhum dos modelos do 8 que sobram: essas casas não podem ser 8.", ""},
		{"Nenhum dos modelos do 8 que sobram usa r2c1 e r9c2; então elas não podem ser 8.", "a fault the pt-BR third reading of 2026-11-29 named"},
		{"Ainda não: tudo o que você marcou está certo, mas o passo faz mais.", "a calque the pt-BR second reading of 2026-11-29 named"},
		{"Ainda não: tudo o que você marcou está certo, mas falta marcar mais.", ""},
		{"(um par travado), elas limpam as duas unidades.", "a calque the pt-BR second reading of 2026-11-29 named"},
		{"eles formam um subconjunto que limpa o resto da unidade.", "a calque the pt-BR second reading of 2026-11-29 named"},
		{"e um candidato com elo fraco com as duas pontas é eliminado.", "a calque the pt-BR second reading of 2026-11-29 named"},
		{"(um par travado), elas eliminam esses dígitos das duas unidades; um candidato ligado por um elo fraco às duas pontas é eliminado.", ""},
	}
	checkReview(t, "pt-BR", tests, nil)
}

// TestReview3cPortuguese checks each rule of the third and fourth
// independent readings of 2026-11-29 on the fault as that reading quoted it
// and on the sentence that replaced it.
func TestReview3cPortuguese(t *testing.T) {
	const named = "a fault the pt-BR third reading of 2026-11-29 named"
	const fourth = "a fault the pt-BR fourth reading of 2026-11-29 named"
	const final = "a fault the pt-BR final reading of 2026-11-29 named"
	tests := []reviewCase{
		{"Experimente a técnica “X-Wing com barbatana sem um canto (Sashimi X-Wing)”. Um X-Wing com barbatana sem um canto: …", "a sashimi name whose fin lacks the corner (Portuguese)"},
		{"Experimente a técnica “X-Wing com barbatana e sem um canto (Sashimi X-Wing)”. Na forma sem um canto (sashimi), falta um canto.", ""},
		{"em cada par uma casa é 4 e a outra não, então recebem cores diferentes. Elas formam duas cadeias separadas", "the colours said to form the chains (Portuguese)"},
		{"em cada par uma casa é 4 e a outra não, então recebem cores diferentes. Os pares formam duas cadeias separadas", ""},
		{"e os outros dois acrescentam um único dígito a mais, um desses dois precisa ficar com ele", "acrescentar … a mais (a pleonasm)"},
		{"e os outros acrescentam o mesmo dígito a mais, um desses outros precisa ficar com ele", "acrescentar … a mais (a pleonasm)"},
		{"e os outros dois têm esses dígitos e mais um, o mesmo nos dois; um dígito a mais que casas", ""},
		{"Nenhum dos modelos do 8 que sobram usa r2c1, r2c2 e r9c2; então elas não podem ser 8.", named},
		{"Nenhum dos modelos do 8 que sobram passa por qualquer uma destas casas: r2c1, r2c2 e r9c2; então elas não podem ser 8.", ""},
		{"que nunca tem solução única, uma recebe um dígito a mais; juntas elas agem", named},
		{"que nunca tem solução única, uma delas fica com seu dígito a mais; juntas, elas agem", ""},
		{"e cada dígito menos um pode preencher no máximo uma delas, então esse último dígito está numa delas", named},
		{"e só um desses dígitos pode preencher mais de uma delas; então esse dígito está com certeza numa delas", ""},
		{"r4c4 não é 9 (um par nu então no bloco 5)", named},
		{"r4c4 não é 9 (um par escondido então na coluna 6)", named},
		{"r4c4 não é 9 (um par nu que então se forma no bloco 5; par nu: r4c5 e r4c8 então só têm 3 e 9)", ""},
		{"A e C não podem ter os dois o 7, nem B e C o 8.", named},
		{"A e C não podem ter o 7 ao mesmo tempo, nem B e C o 8.", ""},
		{"A = r1c1, B = r2c2 e o pivô C = r3c3 têm cada um um dígito a mais que casas.", named},
		{"A = r1c1, B = r2c2 e o pivô C = r3c3 têm, cada um, um dígito a mais que casas.", ""},
		{"O diário de qual nível (padrão: o do servidor)", named},
		{"Nível do diário que você quer jogar (padrão: o do servidor)", ""},
		{"Pelo Discord, você não está nesta Atividade: feche e abra de novo.", named},
		{"O Discord não mostra você nesta Atividade: feche e abra de novo.", ""},
		{"O tabuleiro mudou antes (outra aba ou uma jogada no Discord): aqui está o tabuleiro atual.", named},
		{"O tabuleiro mudou nesse meio-tempo (outra aba ou uma jogada no Discord): aqui está o tabuleiro atual.", ""},
		{"Este jogo avançou em outro lugar: sua jogada foi somada ao estado mais recente.", named},
		{"Este jogo avançou em outro lugar: sua jogada foi aplicada ao estado mais recente.", ""},
		{"1–9 coloca um dígito (ou o escolhe no modo número primeiro), N número primeiro", named},
		{"1–9 coloca um dígito (ou o escolhe no modo “Número primeiro”), N número primeiro", ""},
		{"r1c9 está em duas dessas unidades (a linha 1 e o bloco 3), então poderia dar o dígito às duas de uma vez; conta como barbatana.", named},
		{"Uma casa das colunas 2 e 6 que esteja em duas das unidades-cobertura daria o 7 às duas de uma vez", named},
		{"r1c9 está em duas dessas unidades (a linha 1 e o bloco 3): se tivesse o dígito, ele valeria para as duas ao mesmo tempo; por isso conta como barbatana.", ""},
		{"Uma casa das colunas 2 e 6 que esteja em duas das unidades de cobertura seria ao mesmo tempo o 7 das duas", ""},
		{"de dois candidatos ligados por um elo “não podem ser verdadeiros os dois”, exatamente um é verdadeiro.", named},
		{"de dois candidatos ligados por um elo “os dois não podem ser verdadeiros”, exatamente um é verdadeiro.", ""},
		{"Quando as únicas casas de um laço de dois dígitos (seis ou mais casas) que têm outros candidatos têm em comum um dígito a mais", named},
		{"Quando, num laço de dois dígitos (seis ou mais casas), as únicas casas com outros candidatos têm em comum um dígito a mais", ""},
		{"r3c2 só tem um candidato: sua linha, coluna e bloco têm 1 em r8c2, 2 em r7c2 e 4 em r1c2.", "a digit held in a cell without its article (Portuguese)"},
		{"r3c2 só tem um candidato: sua linha, coluna e bloco têm o 1 em r8c2, o 2 em r7c2 e o 4 em r1c2.", ""},
		{"r7c5 vê r1c5 (a coluna 5) e r7c8 vê r3c8 (a coluna 8)", "the unit as a bare label after vê (Portuguese)"},
		{"r7c5 vê r1c5 na coluna 5 e r7c8 vê r3c8 na coluna 8; Os pares: r1c2-r5c2 (a coluna 2)", ""},
		{"Em uma linha, coluna ou bloco, procure duas casas cujos candidatos, somados, sejam só dois dígitos", "candidates summed (Portuguese)"},
		{"Em uma linha, coluna ou bloco, procure duas casas cujos candidatos, juntos, sejam só dois dígitos", ""},
		{"    1, 3, 4, 5, 6, 7 e 9: cada um ocupa as mesmas casas em todos os seus modelos.", "a digit list before a colon as subject (Portuguese)"},
		{"7: cada um ocupa as mesmas casas em todos os seus modelos.", "a digit list before a colon as subject (Portuguese)"},
		{"    Os dígitos 1, 3, 4, 5, 6, 7 e 9 ocupam, cada um, as mesmas casas em todos os seus modelos.", ""},
		{"Resultado: tirar 6 e 9 de r1c1; às 12:30 cada um joga; r1c5-r3c6 (o bloco 2)", ""},
		{"casas que todas veem", fourth},
		{"casas que todas elas veem", ""},
		{"Quando dois cantos de um retângulo só têm os mesmos dois dígitos, os outros dois precisam ficar com um dos seus dígitos a mais para evitar um padrão mortal", fourth},
		{"Quando dois cantos de um retângulo só têm os mesmos dois dígitos, pelo menos um dos outros dois precisa ficar com um dígito a mais para evitar um padrão mortal", ""},
		{"Me mostre", fourth},
		{"Mostrar o resultado", ""},
		{"Suponha um candidato verdadeiro ou falso e siga cada único que ele causa: se isso quebrar uma regra, a suposição é falsa.", "the English skeleton: every single it causes (Portuguese)"},
		{"Suponha um candidato verdadeiro ou falso e siga os únicos que surgem a partir dele: se isso quebrar uma regra, a suposição é falsa.", ""},
		{"a “Rede forçada” segue todos os dígitos e todos os únicos que aparecem.", ""},
		{"Ainda estou cuidando do seu sudoku ou dica anterior: me dê alguns segundos e tente de novo.", final},
		{"Ainda estou cuidando do seu pedido anterior (um sudoku ou uma dica): me dê alguns segundos e tente de novo.", ""},
		{"A atividade do Discord não está ativada para este bot.", final},
		{"A Atividade do Discord não está ativada para este bot.", ""},
		{"eu te mando uma DM, no máximo uma por dia.", final},
		{"eu mando uma DM para você, no máximo uma por dia.", ""},
	}
	checkReview(t, "pt-BR", tests, nil)
}

// TestReviewConfirmPortuguese checks the rules of the confirming reading of
// 2026-11-29 on the faults as they render at a count of 1 and on the
// sentences that replaced them.
func TestReviewConfirmPortuguese(t *testing.T) {
	const faltam = "faltam before a count of 1 (Portuguese)"
	const plural = "a plural noun after the count 1 (Portuguese)"
	tests := []reviewCase{
		{"Médio · jogo nº 12: faltam 1 casa.", faltam},
		{"Tudo certo até agora: suas 80 casas preenchidas estão certas. Faltam 1 casa.", faltam},
		{"5, faltam 1", faltam},
		{"Médio · jogo nº 12: ainda há 1 casa a preencher.", ""},
		{"Tudo certo até agora: suas 5 casas preenchidas estão certas. Faltam 76 casas.", ""},
		{"⏳ Faltam 1 h 5 min para resolver o diário de hoje", ""},
		{"5, a colocar: 1", ""},
		{"Ana: 60 de 81 casas, 1 erros", plural},
		{"Ana: 1 colocados", plural},
		{"Ana: 60 de 81 casas, erros: 1", ""},
		{"Ana colocou 1; 81 casas; de 1 a 9", ""},
		{"N casas de uma unidade com N+1 dígitos", ""},
		// The second confirming reading: counts a pasted grid or answer
		// can make 1.
		{"Esse sudoku tem mais de uma solução (tem 1 pistas), então", plural},
		{"A linha 3 da sua resposta (5) tem 1 caracteres; cada linha precisa de 9 dígitos.", plural},
		{"a linha 3 do sudoku (linha 3 do texto) tem 1 casas; uma linha tem 9", plural},
		{"Esse sudoku tem mais de uma solução (tem 1 pista), então", ""},
		{"A linha 3 da sua resposta (5) tem 1 caractere; cada linha precisa de 9 dígitos.", ""},
		{"a linha 3 do sudoku (linha 3 do texto) tem 1 casa; uma linha tem 9", ""},
		{"O lembrete pode chegar de 1 a 23 horas antes do fim do dia", ""},
	}
	checkReview(t, "pt-BR", tests, nil)
}
