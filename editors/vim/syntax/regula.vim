" Vim syntax file
" Language:    regula rule files (*.rules)
" Maintainer:  the regula project (editors/vim/ in its repository)
"
" The keywords are the grammar's (grammar/regula.pest); tests/editors.rs checks that every
" one of them is here, and nothing else.

if exists("b:current_syntax")
  finish
endif

" Names hold `-` (`castle-move`, `set-param`, `at-end`).
syntax iskeyword @,48-57,_,-
syntax case match

syntax keyword regulaDeclaration amend board counter directions end extends game leg move
syntax keyword regulaDeclaration neutral param pieces players priority promote region remove set
syntax keyword regulaDeclaration royal hand set-param setup teams turn unstated values letters
syntax keyword regulaConditional and else if not or then
syntax keyword regulaConstant any at-end empty empty-or-enemy enemy friend immediately last-mover opponent own occupied off-board first last
syntax keyword regulaFunction blocked count in-check repeated in-a-row connected
syntax keyword regulaKeyword as behind by can capture captures capturing claim clause continue
syntax keyword regulaKeyword continuing draw drop each earliest effect every exists files flying from halt
syntax keyword regulaKeyword in keep land landing leap like loss max maximize none numbers links
syntax keyword regulaKeyword onto otherwise over pass per-player piece prefer ranks require reverse
syntax keyword regulaKeyword same-piece sequence skip slide some squares step stop timing to value when
syntax keyword regulaKeyword while win attacked mark passed passer unmoved with onward silent written via along exactly next flanks flip go seen line custodial partners hostile enclosed where file rank anywhere
syntax keyword regulaTodo contained TODO FIXME XXX NOTE

" A square or a range of squares (`a1`, `F1..G1`), a number or a range of labels (`-1`, `1..16`).
syntax match regulaSquare "\v(\k)@<![A-Za-z]+\d+(\.\.[A-Za-z]+\d+)?(\k)@!"
syntax match regulaNumber "\v(\k)@<!-?\d+(\.\.\d+)?(\k)@!"
" A player's part (`White:`) or an end rule's name (`castle-win:`).
syntax match regulaLabel "\v(\k)@<![A-Za-z][A-Za-z0-9_-]*:"
syntax match regulaOperator "\v\=\=|!\=|\>\=|\<\=|\+\=|\+!|[<>=+|]"
" A sum's minus stands between spaces (`count(P) - 1`); in a link (`a1-d1`) it is no operator.
syntax match regulaOperator "\v(\s)@<=-(\s)@="
syntax region regulaString start=+"+ end=+"\|$+ oneline
syntax match regulaComment "//.*$" contains=regulaTodo,@Spell
syntax match regulaDoc "///.*$" contains=@Spell
syntax match regulaDoc "//!.*$" contains=@Spell

highlight default link regulaDeclaration Statement
highlight default link regulaConditional Conditional
highlight default link regulaConstant Constant
highlight default link regulaFunction Function
highlight default link regulaKeyword Keyword
highlight default link regulaTodo Todo
highlight default link regulaSquare Number
highlight default link regulaNumber Number
highlight default link regulaLabel Identifier
highlight default link regulaOperator Operator
highlight default link regulaString String
highlight default link regulaComment Comment
highlight default link regulaDoc SpecialComment

let b:current_syntax = "regula"
