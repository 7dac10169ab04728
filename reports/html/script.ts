// The page's script, inlined in <script>: filters by status, area and text; expand and collapse;
// copy buttons; links to a rule that a filter hides. It loads nothing.

export const JS = `
(function(){
  var d=document, filter='all', area='', q='';
  var rules=[].slice.call(d.querySelectorAll('details.rule'));
  var secs=[].slice.call(d.querySelectorAll('#rules .sec'));
  var docs=[].slice.call(d.querySelectorAll('#rules .doc'));
  var chips=[].slice.call(d.querySelectorAll('[data-filter]'));
  var shown=d.getElementById('shown'), empty=d.getElementById('empty'), qi=d.getElementById('q'), ai=d.getElementById('area');
  function apply(){
    var n=0;
    rules.forEach(function(r){
      var ok=(filter==='all'||r.getAttribute('data-status')===filter)&&(!area||r.getAttribute('data-area')===area)&&(!q||r.getAttribute('data-search').indexOf(q)!==-1);
      r.hidden=!ok; if(ok) n++;
    });
    secs.forEach(function(s){s.hidden=!s.querySelector('details.rule:not([hidden])');});
    docs.forEach(function(s){s.hidden=!s.querySelector('.sec:not([hidden])');});
    chips.forEach(function(b){
      if(!b.classList.contains('fbtn')) return;
      var on=b.getAttribute('data-filter')===filter; b.classList.toggle('active',on); b.setAttribute('aria-pressed',on?'true':'false');
    });
    shown.textContent=n+' of '+rules.length+' rules shown'; empty.hidden=n>0;
  }
  function reset(){filter='all';area='';q='';qi.value='';ai.value='';apply();}
  chips.forEach(function(b){b.addEventListener('click',function(){
    filter=b.getAttribute('data-filter'); apply();
    if(!b.classList.contains('fbtn')) d.getElementById('rules').scrollIntoView({block:'start'});
  });});
  qi.addEventListener('input',function(){q=qi.value.trim().toLowerCase();apply();});
  ai.addEventListener('change',function(){area=ai.value;apply();});
  d.getElementById('expand').addEventListener('click',function(){rules.forEach(function(r){if(!r.hidden)r.open=true;});});
  d.getElementById('collapse').addEventListener('click',function(){rules.forEach(function(r){r.open=false;});});
  function copied(b,ok){b.textContent=ok?'Copied':'Select and copy';b.classList.toggle('done',ok);setTimeout(function(){b.textContent='Copy';b.classList.remove('done');},1600);}
  [].slice.call(d.querySelectorAll('button.copy')).forEach(function(b){b.addEventListener('click',function(){
    var el=d.getElementById(b.getAttribute('data-copy')); if(!el) return;
    var text=el.textContent;
    function fallback(){
      var sel=window.getSelection(), range=d.createRange(); range.selectNodeContents(el); sel.removeAllRanges(); sel.addRange(range);
      var ok=false; try{ok=d.execCommand('copy');}catch(e){} copied(b,ok);
    }
    if(navigator.clipboard&&navigator.clipboard.writeText) navigator.clipboard.writeText(text).then(function(){copied(b,true);},fallback);
    else fallback();
  });});
  function reveal(){
    var id=decodeURIComponent(location.hash.slice(1)); var el=id&&d.getElementById(id);
    if(!el||!el.matches('details.rule')) return;
    if(el.hidden) reset();
    el.open=true; el.scrollIntoView({block:'start'});
  }
  d.addEventListener('click',function(e){
    var a=e.target.closest&&e.target.closest('a[href^="#"]');
    if(a&&a.getAttribute('href')===location.hash) setTimeout(reveal,0);
  });
  window.addEventListener('hashchange',reveal);
  apply(); reveal();
})();
`;
