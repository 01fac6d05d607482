" regula rule files: `*.rules`, except the udev and polkit rules that share the extension.
autocmd BufRead,BufNewFile *.rules
      \ if expand('<afile>:p') !~# '/\%(udev\|polkit-1\)/' |
      \   set filetype=regula |
      \ endif
