" regula rule files: the layout `regula fmt` writes (two spaces a level), `//` comments, and
" :RegulaFmt, which formats the buffer with `regula fmt -` (and leaves it alone if the file
" does not parse).
" Vim's own detection of `*.rules` runs first and may have loaded another file type's plugin
" (which sets b:did_ftplugin), so this one keeps a flag of its own.
if exists("b:did_regula_ftplugin")
  finish
endif
let b:did_ftplugin = 1
let b:did_regula_ftplugin = 1

setlocal expandtab shiftwidth=2 softtabstop=2
setlocal commentstring=//\ %s
setlocal comments=:///,://!,://
setlocal iskeyword=@,48-57,_,-

command! -buffer -bar RegulaFmt call s:RegulaFmt()

let b:undo_ftplugin = "setlocal expandtab< shiftwidth< softtabstop< commentstring< comments< iskeyword<"
      \ . " | delcommand -buffer RegulaFmt | unlet b:did_regula_ftplugin"

if exists('*s:RegulaFmt')
  finish
endif

function! s:RegulaFmt() abort
  let out = systemlist('regula fmt -', getline(1, '$'))
  if v:shell_error
    echohl ErrorMsg
    echomsg 'regula fmt: not formatted, the file does not parse (`regula check` says why)'
    echohl None
    return
  endif
  if out ==# getline(1, '$')
    return
  endif
  let view = winsaveview()
  silent keepjumps call setline(1, out)
  if line('$') > len(out)
    silent keepjumps execute (len(out) + 1) . ',$delete _'
  endif
  call winrestview(view)
endfunction
